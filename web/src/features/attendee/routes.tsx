// The attendee pages: event token, payment-success handler, registration confirmation, ticket recovery, message unsubscribe, arena and its chats.
export { EventTokenPage } from './EventTokenPage.js';
export { TicketPaymentSuccessfulPage } from './PaymentSuccessfulPage.js';
export { RegistrationConfirmPage } from './RegistrationConfirmPage.js';
export { TicketRecoveryPage } from './TicketRecoveryPage.js';
export { UnsubscribePage } from './UnsubscribePage.js';
export { ArenaPage } from './ArenaPage.js';
export { ArenaChatPage } from './ArenaChatPage.js';
export { ArenaPrivateChatPage } from './ArenaPrivateChatPage.js';
export { arenaViewQuery, eventTokenQuery, ticketCancellationQuery } from './api.js';
export { ticketQrKey } from './visitor-keys.js';
