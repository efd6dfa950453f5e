// The contacts screens (part 1 §2.9), imported by name by the app's router.
export { ContactsPage } from './ContactsPage.js';
