// The owner dashboard, imported by name by the app's router.
export { DashboardPage } from './DashboardPage.js';
