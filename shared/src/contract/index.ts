export * from './calls.js';
export * from './client.js';
export * from './entities.js';
export * from './envelope.js';
export * from './secrets.js';
export * from './door.js';
