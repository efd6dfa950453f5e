/** The validation rules as zod schemas, with their exact messages. */
export * from './messages.js';
export * from './errors.js';
export * from './fields.js';
export * from './account.js';
export * from './profile.js';
export * from './socials.js';
export * from './quick-links.js';
export * from './uploads.js';
export * from './events.js';
export * from './attendees.js';
export * from './exchange.js';
export * from './preorder.js';
export * from './shop.js';
export * from './chat.js';
export * from './staff-links.js';
export * from './arena-safety.js';
export * from './owner-card.js';
