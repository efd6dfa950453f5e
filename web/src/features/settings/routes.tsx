// Settings and change password (part 1 §2.10), imported by name by the app's router.
export { ChangePasswordPage } from './ChangePasswordPage.js';
export { SettingsPage } from './SettingsPage.js';
