// The shop's pages after the cart (one chunk: checkout, payment, its status and the order's details),
// loaded when the visitor proceeds from the cart. The router imports them by name.
export { CheckoutPage } from './pages/CheckoutPage.js';
export { PaymentPage } from './pages/PaymentPage.js';
export { PaymentStatusPage } from './pages/PaymentStatusPage.js';
export { OrderDetailsPage } from './pages/OrderDetailsPage.js';
