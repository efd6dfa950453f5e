// Pure domain helpers shared by the browser and Node. The country list is a separate entry point
// (`@tapcard/shared/countries`, and its names alone `@tapcard/shared/country-names`), so only the
// checkout page loads it.
export * from './phone.js';
export * from './money.js';
export * from './cart.js';
export * from './cart-lines.js';
export * from './checkout.js';
export * from './events.js';
export * from './calendar.js';
export * from './text.js';
export * from './cards.js';
export * from './vcard.js';
export * from './csv.js';
export * from './chat.js';
export * from './ticket-shape.js';
export * from './tickets.js';
export * from './door.js';
export * from './refunds.js';
