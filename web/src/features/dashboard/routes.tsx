// The owner dashboard (part 1 §2.8), imported by name by the app's router.
export { DashboardPage } from './DashboardPage.js';
