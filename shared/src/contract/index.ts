export * from './calls.js';
export * from './client.js';
export * from './entities.js';
export * from './envelope.js';
export * from './secrets.js';
export * from './door.js';
export * from './service.js';
export * from './every-call.js';
