// The visitor's card pages.
export { CardDashboardPage } from './CardDashboardPage.js';
export { CardConnectPage } from './CardConnectPage.js';
export { CardExchangePage } from './CardExchangePage.js';
export { CardLockedPage } from './CardLockedPage.js';
export { publicCardQuery } from './api.js';
