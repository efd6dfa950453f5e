/** Fetches the ticket page's take-over (ticket-live.tsx); a module of its own so a test can hold it back as a slow network would. */
export const loadTicketLive = () => import('./ticket-live.js');
