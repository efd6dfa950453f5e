// The shop page (get-card, get-started), a chunk of its own: its first render, which the server
// renders, loads none of the checkout's and payment's code. The router imports it by name.
export { ShopPage } from './pages/ShopPage.js';
