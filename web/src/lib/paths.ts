import { pagePatterns, pages } from '@tapcard/shared/pages';

/**
 * Every route of the web app, as the one source of paths: the router registers these patterns and
 * features build links with the helpers. The pages other packages link to come from
 * `@tapcard/shared/pages`; the web-only ones are written here.
 */
const e = encodeURIComponent;

export const routes = {
  home: pagePatterns.home,
  card: pagePatterns.cardTap,
  getStarted: '/get-started',
  getCard: '/get-card',
  chat: '/chat',
  faq: '/faq',
  checkout: '/checkout',
  payment: '/payment',
  paymentStatus: '/payment/status',
  orderDetails: pagePatterns.orderDetails,
  preorder: '/preorder',
  /** Footer links of the landing page (pages in features/landing). */
  privacyPolicy: '/privacy-policy',
  returnPolicy: '/return-policy',
  login: '/login',
  signInWithGoogle: pagePatterns.signInWithGoogle,
  signup: '/signup',
  enterToken: '/enter-token',
  forgotPassword: '/forgot-password',
  resetPassword: pagePatterns.resetPassword,
  onboarding: pagePatterns.onboarding,
  onboardingStep: '/onboarding/:step',
  connect: '/connect',
  contacts: '/contact',
  contact: '/contact/:id',
  dashboard: '/dashboard',
  events: pagePatterns.events,
  eventAdd: '/event/add',
  eventUpdate: '/event/:id/update',
  event: pagePatterns.event,
  eventChat: '/event/:id/chat',
  eventAttendees: '/event/:id/view-attendees',
  eventGetCards: '/event/:id/get-cards',
  /** Chips for the attendees whose ticket includes one: how many each ticket needs, and how to order them. */
  eventGetChips: '/event/:id/get-chips',
  /** The organiser's projector view: how many are inside, per gate, and the last arrivals, live. */
  eventLive: '/event/:id/live',
  /** The organiser's moderation of the event's chats: the reports queue, who is muted, the moderation log. */
  eventModeration: '/event/:id/moderation',
  /** The organiser's messages to the event's attendees: write, schedule, and the history with delivery counts. */
  eventMessages: '/event/:id/messages',
  settings: '/settings',
  changePassword: '/settings/change-password',
  /** The owner's signed-in sessions. */
  sessions: '/settings/sessions',
  cardDashboard: '/card/dashboard',
  cardConnect: pagePatterns.cardConnect,
  /** Where a locked or replaced card's tap leads: nothing of its owner. */
  cardLocked: pagePatterns.cardLocked,
  cardExchange: '/card/exchange-contact',
  cardEvents: '/card/event',
  cardEvent: '/card/event/:id',
  cardEventRegister: '/card/event/:id/register',
  cardEventAttendees: '/card/event/:id/attendees',
  eventToken: pagePatterns.eventToken,
  eventTicket: pagePatterns.eventTicket,
  ticketPaymentSuccessful: pagePatterns.ticketPaymentSuccessful,
  eventConfirm: pagePatterns.eventConfirm,
  arena: pagePatterns.arena,
  arenaChat: pagePatterns.arenaChat,
  arenaPrivateChat: pagePatterns.arenaPrivateChat,
  openEvent: pagePatterns.openEvent,
  openEventRegister: pagePatterns.openEventRegister,
  /** The link of a "Lost your ticket?" mail: replaces the ticket's access link once, then shows the ticket. */
  ticketRecovery: pagePatterns.ticketRecovery,
  messageUnsubscribe: pagePatterns.messageUnsubscribe,
  chip: pagePatterns.chip,
  chipChat: pagePatterns.chipChat,
  /** A staff link: trades its secret for a door session, then shows the door page. */
  staffLink: pagePatterns.staffLink,
  /** A staff phone's door page: the gate it checks in at, and a search to check attendees in by name or email. */
  door: pagePatterns.door,
  notFound: '/error/404',
  noInternet: '/error/no-internet',
} as const;

export const paths = {
  contact: (id: string) => `/contact/${e(id)}`,
  resetPassword: pages.resetPassword,
  onboardingStep: (step: 'step-one' | 'step-two' | 'step-three' | 'step-four' | 'step-five', query = '') => `/onboarding/${step}${query}`,
  event: pages.event,
  eventUpdate: (id: string) => `/event/${e(id)}/update`,
  eventChat: (id: string) => `/event/${e(id)}/chat`,
  eventAttendees: (id: string) => `/event/${e(id)}/view-attendees`,
  eventGetCards: (id: string) => `/event/${e(id)}/get-cards`,
  eventGetChips: (id: string) => `/event/${e(id)}/get-chips`,
  eventLive: (id: string) => `/event/${e(id)}/live`,
  eventModeration: (id: string) => `/event/${e(id)}/moderation`,
  /** With `attendee`, the form starts addressed to that one attendee. */
  eventMessages: (id: string, attendee?: string) => `/event/${e(id)}/messages${attendee ? `?attendee=${e(attendee)}` : ''}`,
  cardConnect: pages.cardConnect,
  cardDashboard: (link: string) => `/card/dashboard?link=${e(link)}`,
  cardEvents: (link: string) => `/card/event?link=${e(link)}`,
  cardEvent: (id: string, link?: string) => `/card/event/${e(id)}${link ? `?link=${e(link)}` : ''}`,
  cardEventRegister: (id: string, link?: string) => `/card/event/${e(id)}/register${link ? `?link=${e(link)}` : ''}`,
  cardEventAttendees: (id: string, link?: string) => `/card/event/${e(id)}/attendees${link ? `?link=${e(link)}` : ''}`,
  cardExchange: (cardId: string, type: string) => `/card/exchange-contact?id=${e(cardId)}&type=${e(type)}`,
  cardTap: pages.cardTap,
  eventToken: pages.eventToken,
  eventConfirm: pages.eventConfirm,
  arena: pages.arena,
  arenaChat: pages.arenaChat,
  arenaPrivateChat: pages.arenaPrivateChat,
  openEvent: pages.openEvent,
  openEventRegister: pages.openEventRegister,
  ticketRecovery: pages.ticketRecovery,
  messageUnsubscribe: pages.messageUnsubscribe,
  chip: pages.chip,
  chipChat: pages.chipChat,
  staffLink: pages.staffLink,
  /** The door page, showing the session of one event when the phone holds several. */
  door: (eventId?: string) => (eventId ? `/door?event=${e(eventId)}` : '/door'),
} as const;
