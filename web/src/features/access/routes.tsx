// The access area's pages (token, login, social sign-in, passwords), imported by name by the app's router.
export { EnterTokenPage } from './EnterTokenPage.js';
export { ForgotPasswordPage } from './ForgotPasswordPage.js';
export { LoginPage } from './LoginPage.js';
export { ResetPasswordPage } from './ResetPasswordPage.js';
export { SignInWithGooglePage } from './SignInWithGooglePage.js';
export { SignupPage } from './SignupPage.js';
