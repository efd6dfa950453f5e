// The landing area's pages (one chunk): the router imports them by name.
export { LandingPage } from './pages/LandingPage.js';
export { FaqPage } from './pages/FaqPage.js';
export { PreorderPage } from './pages/PreorderPage.js';
export { SupportChatPage } from './pages/SupportChatPage.js';
export { PrivacyPolicyPage, ReturnPolicyPage } from './pages/PolicyPages.js';
