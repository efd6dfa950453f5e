// The contacts screens, imported by name by the app's router.
export { ContactsPage } from './ContactsPage.js';
