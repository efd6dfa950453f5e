// The access area's pages (part 1 §2.3, §2.5, §2.6, §2.10), imported by name by the app's router.
export { EnterTokenPage } from './EnterTokenPage.js';
export { ForgotPasswordPage } from './ForgotPasswordPage.js';
export { LoginPage } from './LoginPage.js';
export { ResetPasswordPage } from './ResetPasswordPage.js';
export { SignInWithGooglePage } from './SignInWithGooglePage.js';
export { SignupPage } from './SignupPage.js';
