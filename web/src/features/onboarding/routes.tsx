// The onboarding wizard (part 1 §2.4), imported by name by the app's router.
export { OnboardingPage } from './OnboardingPage.js';
