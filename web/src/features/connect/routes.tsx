// The owner's card page (part 1 §2.7), imported by name by the app's router.
export { ConnectPage } from './ConnectPage.js';
