// The shop area's pages (one chunk): the router imports them by name.
export { ShopPage } from './pages/ShopPage.js';
export { CheckoutPage } from './pages/CheckoutPage.js';
export { PaymentPage } from './pages/PaymentPage.js';
export { PaymentStatusPage } from './pages/PaymentStatusPage.js';
export { OrderDetailsPage } from './pages/OrderDetailsPage.js';
