import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { LoadingScreen } from '../components/LoadingScreen.js';
import { NoInternetView } from '../components/NoInternetView.js';
import { NotFoundView } from '../components/NotFoundView.js';
import { routes } from '../lib/paths.js';
import { RequireAuth } from './Guard.js';
import { page } from './lazy.js';
import { RootLayout } from './RootLayout.js';
import { RouteError } from './RouteError.js';

// A chunk per area (or page): a visitor's card page never downloads the organiser's or owner's screens.
const landing = () => import('../features/landing/routes.js');
const shop = () => import('../features/shop/routes.js');
const shopOrder = () => import('../features/shop/order-routes.js');
const access = () => import('../features/access/routes.js');
const onboarding = () => import('../features/onboarding/routes.js');
const connect = () => import('../features/connect/routes.js');
const dashboard = () => import('../features/dashboard/routes.js');
const contacts = () => import('../features/contacts/routes.js');
const settings = () => import('../features/settings/routes.js');
// The organiser's area: a chunk per page, so the events list never downloads the wizard's form.
const organiserEvents = () => import('../features/organiser-events/events-routes.js');
const organiserWizard = () => import('../features/organiser-events/wizard-routes.js');
const organiserEvent = () => import('../features/organiser-events/event-routes.js');
const organiserAttendees = () => import('../features/organiser-events/attendees-routes.js');
const organiserChat = () => import('../features/organiser-events/chat-routes.js');
const organiserModeration = () => import('../features/organiser-events/moderation-routes.js');
const organiserGetCards = () => import('../features/organiser-events/get-cards-routes.js');
const organiserLive = () => import('../features/organiser-events/live-routes.js');
const organiserMessages = () => import('../features/organiser-events/messages-routes.js');
const publicCard = () => import('../features/public-card/routes.js');
const publicEvents = () => import('../features/public-events/routes.js');
const attendee = () => import('../features/attendee/routes.js');
const chips = () => import('../features/chips/routes.js');
const door = () => import('../features/door/routes.js');

/** Every route of the app (paths in web/src/lib/paths.ts). */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Shown while the first page's code downloads (client-rendered pages; server-rendered ones load it first).
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      { errorElement: <RouteError />, children: [
        // Landing, shop and misc (not guarded)
        { path: routes.home, ...page(landing, 'LandingPage') },
        { path: routes.card, ...page(landing, 'LandingPage') },
        { path: routes.faq, ...page(landing, 'FaqPage') },
        { path: routes.preorder, ...page(landing, 'PreorderPage') },
        { path: routes.chat, ...page(landing, 'SupportChatPage') },
        { path: routes.privacyPolicy, ...page(landing, 'PrivacyPolicyPage') },
        { path: routes.returnPolicy, ...page(landing, 'ReturnPolicyPage') },
        { path: routes.getStarted, ...page(shop, 'ShopPage') },
        { path: routes.getCard, ...page(shop, 'ShopPage') },
        { path: routes.checkout, ...page(shopOrder, 'CheckoutPage') },
        { path: routes.payment, ...page(shopOrder, 'PaymentPage') },
        { path: routes.paymentStatus, ...page(shopOrder, 'PaymentStatusPage') },
        { path: routes.orderDetails, ...page(shopOrder, 'OrderDetailsPage') },

        // Access and onboarding
        { path: routes.login, ...page(access, 'LoginPage') },
        { path: routes.signInWithGoogle, ...page(access, 'SignInWithGooglePage') },
        { path: routes.signup, ...page(access, 'SignupPage') },
        { path: routes.enterToken, ...page(access, 'EnterTokenPage') },
        { path: routes.forgotPassword, ...page(access, 'ForgotPasswordPage') },
        { path: routes.resetPassword, ...page(access, 'ResetPasswordPage') },
        { path: routes.onboarding, ...page(onboarding, 'OnboardingPage') },
        { path: routes.onboardingStep, ...page(onboarding, 'OnboardingPage') },

        // Signed-in area
        {
          element: <RequireAuth />,
          children: [
            { path: routes.connect, ...page(connect, 'ConnectPage') },
            { path: routes.dashboard, ...page(dashboard, 'DashboardPage') },
            { path: routes.contacts, ...page(contacts, 'ContactsPage') },
            { path: routes.contact, ...page(contacts, 'ContactsPage') },
            { path: routes.settings, ...page(settings, 'SettingsPage') },
            { path: routes.changePassword, ...page(settings, 'ChangePasswordPage') },
            { path: routes.sessions, ...page(settings, 'SessionsPage') },
            { path: routes.events, ...page(organiserEvents, 'EventsPage') },
            { path: routes.eventAdd, ...page(organiserWizard, 'EventAddPage') },
            { path: routes.eventUpdate, ...page(organiserWizard, 'EventUpdatePage') },
            { path: routes.event, ...page(organiserEvent, 'EventViewPage') },
            { path: routes.eventChat, ...page(organiserChat, 'EventChatPage') },
            { path: routes.eventAttendees, ...page(organiserAttendees, 'EventAttendeesPage') },
            { path: routes.eventGetCards, ...page(organiserGetCards, 'EventGetCardsPage') },
            { path: routes.eventGetChips, ...page(organiserGetCards, 'EventGetChipsPage') },
            { path: routes.eventModeration, ...page(organiserModeration, 'EventModerationPage') },
            { path: routes.eventMessages, ...page(organiserMessages, 'EventMessagesPage') },
            { path: routes.eventLive, ...page(organiserLive, 'EventLivePage') },
          ],
        },

        // Visitor (virtual card) area
        { path: routes.cardDashboard, ...page(publicCard, 'CardDashboardPage') },
        { path: routes.cardConnect, ...page(publicCard, 'CardConnectPage') },
        { path: routes.cardExchange, ...page(publicCard, 'CardExchangePage') },
        { path: routes.cardLocked, ...page(publicCard, 'CardLockedPage') },
        { path: routes.cardEvents, ...page(publicEvents, 'CardEventsPage') },
        { path: routes.cardEvent, ...page(publicEvents, 'CardEventPage') },
        { path: routes.cardEventRegister, ...page(publicEvents, 'CardEventRegisterPage') },
        { path: routes.cardEventAttendees, ...page(publicEvents, 'CardEventAttendeesPage') },
        { path: routes.openEvent, ...page(publicEvents, 'OpenEventPage') },
        { path: routes.openEventRegister, ...page(publicEvents, 'OpenEventRegisterPage') },

        // Attendees and chips
        { path: routes.eventToken, ...page(attendee, 'EventTokenPage') },
        { path: routes.eventTicket, ...page(attendee, 'EventTokenPage') },
        { path: routes.ticketPaymentSuccessful, ...page(attendee, 'TicketPaymentSuccessfulPage') },
        { path: routes.eventConfirm, ...page(attendee, 'RegistrationConfirmPage') },
        { path: routes.ticketRecovery, ...page(attendee, 'TicketRecoveryPage') },
        { path: routes.messageUnsubscribe, ...page(attendee, 'UnsubscribePage') },
        { path: routes.arena, ...page(attendee, 'ArenaPage') },
        { path: routes.arenaChat, ...page(attendee, 'ArenaChatPage') },
        { path: routes.arenaPrivateChat, ...page(attendee, 'ArenaPrivateChatPage') },
        { path: routes.chip, ...page(chips, 'ChipPage') },
        { path: routes.chipChat, ...page(chips, 'ChipChatPage') },

        // Staff phones at an event's door (a door session, not an account)
        { path: routes.staffLink, ...page(door, 'StaffLinkPage') },
        { path: routes.door, ...page(door, 'DoorPage') },

        // Errors
        { path: routes.notFound, element: <NotFoundView /> },
        { path: routes.noInternet, element: <NoInternetView /> },
        { path: '*', element: <NotFoundView /> },
      ] },
    ],
  },
];

/**
 * `keepScroll`: the app takes over a page already on screen (a light page the reader may have
 * scrolled), so its first render leaves the scroll where it is; the router scrolls to the top on a
 * first render it believes is fresh, and hydration data says it is not.
 */
export function createAppRouter({ keepScroll = false }: { keepScroll?: boolean } = {}) {
  return createBrowserRouter(appRoutes, keepScroll ? { hydrationData: { loaderData: {} } } : undefined);
}
