// The onboarding wizard, imported by name by the app's router.
export { OnboardingPage } from './OnboardingPage.js';
