// The owner's card page, imported by name by the app's router.
export { ConnectPage } from './ConnectPage.js';
