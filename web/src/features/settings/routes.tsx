// Settings, change password and active sessions (ours), imported by name by the app's router.
export { ChangePasswordPage } from './ChangePasswordPage.js';
export { SessionsPage } from './SessionsPage.js';
export { SettingsPage } from './SettingsPage.js';
