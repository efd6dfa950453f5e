import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { calls } from '@tapcard/shared/contract';
import { addToCart, cartTotals, type CartItem } from '@tapcard/shared/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi } from './api.js';
import { seriousViolations } from './axe.js';
import { browsers } from './browser.js';
import { DEMO } from './demo.js';
import { PHONE_WIDTH } from './layout.js';
import { signIn } from './people.js';
import { SCREENSHOTS } from './product.js';
import { testEnv } from '../../support/env.js';

/**
 * The accessibility sweep: every route of both route tables, with demo data, at 360 px and 1280 px.
 * On each: axe (serious and critical violations), horizontal overflow at 360 px, and at both widths a
 * keyboard walk (every visible control reached by Tab, each showing a visible focus indicator). A
 * route with a problem leaves a screenshot per width. Each route is a test of its own; the routes are
 * split by area over a few test files (sweep-*.test.ts), so both journey workers share the sweep.
 */

const baseURL = inject('baseUrl');
export const WIDE = 1280;
const HEIGHT = 800;
export const NOT_FOUND = 'You have found a rare gem!.';

interface Demo {
  contact: { id: string; name: string };
  bayoId: string;
  orderReference: string;
}

export interface SweepRoute {
  /** The screenshot's file name and the report's label. */
  name: string;
  /** Its entry in the web's route table (web/src/lib/paths.ts `routes`). */
  route: string;
  /** Signed out routes are swept first, then the demo organiser signs in for the rest. */
  session: 'signed-out' | 'signed-in';
  /** The address visited (or, with `enter`, the one the page ends on). */
  path: (demo: Demo) => string;
  /** The page's main heading once it has loaded (an h1 unless `level` says otherwise). */
  heading: string | RegExp | ((demo: Demo) => string);
  level?: number;
  /**
   * A handler route: it shows its loading screen while its API call (this glob) is answered, then
   * leaves. The call is held so the sweep sees the screen a person sees.
   */
  holds?: string;
  /** Where the page ends up when that is not `path` (a pathname). */
  landsOn?: string;
  /** Reaches the page some other way than loading `path` (e.g. a wizard step after the one before). */
  enter?: (page: Page, demo: Demo) => Promise<void>;
  /** Buttons (accessible names) that open a dialog: each is opened with Enter and closed with Escape, and the focus must be back on it. */
  dialogs?: string[];
}

const link = encodeURIComponent(DEMO.publicCardLink);
const live = DEMO.liveEvent.id;
const { ada } = DEMO.attendees;

/** Onboarding for the demo's unactivated card, up to its socials: a later step may open only after the earlier ones. */
const WIZARD = {
  card_id: DEMO.unactivatedCard.id,
  type: DEMO.unactivatedCard.type,
  token: DEMO.unactivatedCard.token,
  tokenConfirmed: true,
  email: 'sweep.owner@example.com',
  emailVerified: true,
  // The sweep never signs up: any ticket lets the later steps open.
  verificationTicket: 'sweep-ticket',
  user: { name: 'Sweep Owner', auth_type: 'Email', profile_image: null },
  card: { name: 'Sweep Owner', subTitle: 'Product Manager at Kora', phone: '08031234567', description: 'I help teams ship.' },
  socials: { linkedin: 'https://www.linkedin.com/in/sweep-owner' },
  image: null,
};

/** Moves the app to `path` as its own links do (the history API), keeping what it holds in memory. */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** The password step keeps the password in memory only: steps three to five open after it, in the same document. */
async function throughPasswordStep(page: Page, then?: string): Promise<void> {
  await page.evaluate((wizard) => localStorage.setItem('tapcard:signupData', JSON.stringify(wizard)), WIZARD);
  await page.goto('/onboarding/step-two');
  await page.getByLabel('Password', { exact: true }).fill('SweepOwner1!');
  await page.getByLabel('Confirm Password', { exact: true }).fill('SweepOwner1!');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.waitForURL('**/onboarding/step-three');
  if (then) await navigateInApp(page, then);
}

/** Landing, shop and misc. */
export const SHOP_ROUTES: SweepRoute[] = [
  { name: 'home', route: 'home', session: 'signed-out', path: () => '/', heading: 'Your Digital Culture In One Card' },
  { name: 'card', route: 'card', session: 'signed-out', path: () => '/card', heading: 'Your Digital Culture In One Card' },
  { name: 'faq', route: 'faq', session: 'signed-out', path: () => '/faq', heading: 'Frequently Asked Questions' },
  { name: 'preorder', route: 'preorder', session: 'signed-out', path: () => '/preorder', heading: 'Pre-order your card' },
  { name: 'chat', route: 'chat', session: 'signed-out', path: () => '/chat', heading: 'Chat with us' },
  { name: 'privacy-policy', route: 'privacyPolicy', session: 'signed-out', path: () => '/privacy-policy', heading: 'Privacy Policy' },
  { name: 'return-policy', route: 'returnPolicy', session: 'signed-out', path: () => '/return-policy', heading: 'Return Policy' },
  { name: 'get-started', route: 'getStarted', session: 'signed-out', path: () => '/get-started', heading: 'TapCard Smart Business Card' },
  { name: 'get-card', route: 'getCard', session: 'signed-out', path: () => '/get-card', heading: 'TapCard Smart Business Card' },
  { name: 'checkout', route: 'checkout', session: 'signed-out', path: () => '/checkout', heading: 'Checkout' },
  { name: 'payment', route: 'payment', session: 'signed-out', path: () => '/payment', heading: 'PAY WITH', level: 2 },
  { name: 'payment-status', route: 'paymentStatus', session: 'signed-out', path: (d) => `/payment/status?reference=${d.orderReference}&status=success`, heading: 'Payment Successful!' },
  { name: 'order-details', route: 'orderDetails', session: 'signed-out', path: (d) => `/payment/order-details?reference=${d.orderReference}`, heading: 'Order Details' },
];

/** Access and onboarding (signed out: the login page and onboarding leave for the app when signed in). */
export const ACCESS_ROUTES: SweepRoute[] = [
  { name: 'login', route: 'login', session: 'signed-out', path: () => '/login', heading: 'Log in' },
  { name: 'sign-in-with-google', route: 'signInWithGoogle', session: 'signed-out', path: () => '/sign-in-with-google?code=sweep', heading: 'Loading...', holds: '**/api/auth/public/google-login*' },
  // Sign-up is onboarding's other address.
  { name: 'signup', route: 'signup', session: 'signed-out', path: () => '/signup', heading: 'Welcome', landsOn: '/onboarding' },
  { name: 'enter-token', route: 'enterToken', session: 'signed-out', path: () => `/enter-token?id=${DEMO.activatedCard.id}&type=${DEMO.activatedCard.type}`, heading: 'Enter Token' },
  { name: 'forgot-password', route: 'forgotPassword', session: 'signed-out', path: () => '/forgot-password', heading: 'Forgot Password' },
  { name: 'reset-password', route: 'resetPassword', session: 'signed-out', path: () => '/reset-password/sweep-reset-token/', heading: 'Reset Password' },
  { name: 'onboarding', route: 'onboarding', session: 'signed-out', path: () => `/onboarding?id=${DEMO.unactivatedCard.id}&type=${DEMO.unactivatedCard.type}`, heading: 'Welcome' },
  {
    name: 'onboarding-step-one',
    route: 'onboardingStep',
    session: 'signed-out',
    path: () => '/onboarding/step-one',
    heading: 'Verify your email',
    enter: async (page) => {
      await page.evaluate((wizard) => localStorage.setItem('tapcard:signupData', JSON.stringify(wizard)), WIZARD);
      await page.goto('/onboarding/step-one');
    },
  },
  {
    name: 'onboarding-step-two',
    route: 'onboardingStep',
    session: 'signed-out',
    path: () => '/onboarding/step-two',
    heading: 'Choose a password',
    enter: async (page) => {
      await page.evaluate((wizard) => localStorage.setItem('tapcard:signupData', JSON.stringify(wizard)), WIZARD);
      await page.goto('/onboarding/step-two');
    },
  },
  { name: 'onboarding-step-three', route: 'onboardingStep', session: 'signed-out', path: () => '/onboarding/step-three', heading: 'Personal Info', enter: (page) => throughPasswordStep(page) },
  { name: 'onboarding-step-four', route: 'onboardingStep', session: 'signed-out', path: () => '/onboarding/step-four', heading: 'Add your socials', enter: (page) => throughPasswordStep(page, '/onboarding/step-four') },
  { name: 'onboarding-step-five', route: 'onboardingStep', session: 'signed-out', path: () => '/onboarding/step-five', heading: 'Profile Image', enter: (page) => throughPasswordStep(page, '/onboarding/step-five') },
];

/** A card's visitor, the public event, attendees and chips, and the error pages. */
export const VISITOR_ROUTES: SweepRoute[] = [
  // Virtual-card (visitor) area
  { name: 'card-dashboard', route: 'cardDashboard', session: 'signed-out', path: () => `/card/dashboard?link=${link}`, heading: 'Tolu Adeyemi' },
  { name: 'card-connect', route: 'cardConnect', session: 'signed-out', path: () => `/card/connect?link=${link}`, heading: 'Tolu Adeyemi' },
  { name: 'card-locked', route: 'cardLocked', session: 'signed-out', path: () => '/card/locked', heading: 'This card is not active' },
  { name: 'card-exchange-contact', route: 'cardExchange', session: 'signed-out', path: () => `/card/exchange-contact?id=${DEMO.activatedCard.id}&type=${DEMO.activatedCard.type}`, heading: 'Exchange Contact' },
  { name: 'card-events', route: 'cardEvents', session: 'signed-out', path: () => `/card/event?link=${link}`, heading: 'Events' },
  { name: 'card-event', route: 'cardEvent', session: 'signed-out', path: () => `/card/event/${live}?link=${link}`, heading: 'TapCard Live: Lagos Tech Mixer' },
  { name: 'card-event-register', route: 'cardEventRegister', session: 'signed-out', path: () => `/card/event/${live}/register?link=${link}`, heading: 'TapCard Live: Lagos Tech Mixer' },
  { name: 'card-event-attendees', route: 'cardEventAttendees', session: 'signed-out', path: () => `/card/event/${live}/attendees?link=${link}`, heading: 'TapCard Live: Lagos Tech Mixer' },

  // Public event, attendees and chips
  { name: 'open-event', route: 'openEvent', session: 'signed-out', path: () => `/events/l/${DEMO.liveEvent.cleanName}`, heading: 'TapCard Live: Lagos Tech Mixer' },
  { name: 'open-event-register', route: 'openEventRegister', session: 'signed-out', path: () => `/events/l/${DEMO.liveEvent.cleanName}/register`, heading: 'TapCard Live: Lagos Tech Mixer' },
  // A "Lost your ticket?" link nobody was mailed: the page's failure state (a real one leaves for the token page).
  {
    name: 'ticket-recovery',
    route: 'ticketRecovery',
    session: 'signed-out',
    path: () => `/events/l/${DEMO.liveEvent.cleanName}/recover-ticket/sweep-unknown-recovery-token`,
    heading: 'We could not get you a new ticket link',
  },
  // An unsubscribe link nobody was mailed: the page's failure state (a real one asks, then unsubscribes on the button).
  { name: 'message-unsubscribe', route: 'messageUnsubscribe', session: 'signed-out', path: () => '/events/unsubscribe/sweep-unknown-unsubscribe-token', heading: 'This link does not work' },
  { name: 'event-token', route: 'eventToken', session: 'signed-out', path: () => `/event/u/token/${ada}`, heading: 'Registration Successful!' },
  { name: 'event-ticket', route: 'eventTicket', session: 'signed-out', path: () => `/event/u/ticket/${ada}`, heading: 'Registration Successful!' },
  {
    name: 'ticket-payment-successful',
    route: 'ticketPaymentSuccessful',
    session: 'signed-out',
    path: () => '/event/p/ticket/successful?reference=sweep-pending',
    heading: 'Loading...',
    holds: '**/api/event/public/api/payment-successful',
  },
  // A link nobody was mailed: the page's failure state (a real one confirms once, then leaves for the token page).
  { name: 'event-confirm', route: 'eventConfirm', session: 'signed-out', path: () => '/event/u/confirm/sweep-unknown-confirmation-token', heading: 'We could not confirm your registration' },
  { name: 'arena', route: 'arena', session: 'signed-out', path: () => `/event/u/arena/${ada}`, heading: 'TapCard Live: Lagos Tech Mixer' },
  { name: 'arena-chat', route: 'arenaChat', session: 'signed-out', path: () => `/event/u/arena/${ada}/chat`, heading: 'TapCard Live: Lagos Tech Mixer' },
  { name: 'arena-private-chat', route: 'arenaPrivateChat', session: 'signed-out', path: (d) => `/event/u/arena/${ada}/chat/${d.bayoId}`, heading: 'TapCard Live: Lagos Tech Mixer' },
  { name: 'chip', route: 'chip', session: 'signed-out', path: () => `/events/d/chip/i/${DEMO.chips.bound}`, heading: 'TapCard Live: Lagos Tech Mixer' },
  { name: 'chip-spare', route: 'chip', session: 'signed-out', path: () => `/events/d/chip/i/${DEMO.chips.spare}`, heading: 'Enter your access token', level: 2 },
  { name: 'chip-chat', route: 'chipChat', session: 'signed-out', path: () => `/events/d/chip/i/${DEMO.chips.bound}/chat`, heading: 'TapCard Live: Lagos Tech Mixer' },
  // A staff link nobody made: the page's refusal (a real one opens a door session, then leaves for /door).
  { name: 'staff-link', route: 'staffLink', session: 'signed-out', path: () => '/door/sweep-unknown-staff-link', heading: 'Door check-in' },
  { name: 'door', route: 'door', session: 'signed-out', path: () => '/door', heading: 'This phone has no door session' },

  // Errors
  { name: 'error-404', route: 'notFound', session: 'signed-out', path: () => '/error/404', heading: NOT_FOUND },
  { name: 'error-no-internet', route: 'noInternet', session: 'signed-out', path: () => '/error/no-internet', heading: 'Network Error' },
];

/** The signed-in area, as the demo organiser. */
export const SIGNED_IN_ROUTES: SweepRoute[] = [
  { name: 'connect', route: 'connect', session: 'signed-in', path: () => '/connect', heading: 'Tolu Adeyemi', dialogs: ['Add link', 'Open menu'] },
  { name: 'dashboard', route: 'dashboard', session: 'signed-in', path: () => '/dashboard', heading: 'Hi, Tolu Adeyemi' },
  { name: 'contacts', route: 'contacts', session: 'signed-in', path: () => '/contact', heading: 'Contacts' },
  { name: 'contact', route: 'contact', session: 'signed-in', path: (d) => `/contact/${d.contact.id}`, heading: (d) => d.contact.name },
  { name: 'settings', route: 'settings', session: 'signed-in', path: () => '/settings', heading: 'Settings' },
  { name: 'change-password', route: 'changePassword', session: 'signed-in', path: () => '/settings/change-password', heading: 'Change Password' },
  { name: 'sessions', route: 'sessions', session: 'signed-in', path: () => '/settings/sessions', heading: 'Active sessions' },
  { name: 'events', route: 'events', session: 'signed-in', path: () => '/event', heading: 'Events', dialogs: ['Open menu'] },
  { name: 'event-add', route: 'eventAdd', session: 'signed-in', path: () => '/event/add', heading: 'Create Event' },
  { name: 'event-update', route: 'eventUpdate', session: 'signed-in', path: () => `/event/${live}/update`, heading: 'Update Event' },
  { name: 'event', route: 'event', session: 'signed-in', path: () => `/event/${live}`, heading: 'TapCard Live: Lagos Tech Mixer' },
  { name: 'event-chat', route: 'eventChat', session: 'signed-in', path: () => `/event/${live}/chat`, heading: 'TapCard Live: Lagos Tech Mixer' },
  { name: 'event-attendees', route: 'eventAttendees', session: 'signed-in', path: () => `/event/${live}/view-attendees`, heading: 'TapCard Live: Lagos Tech Mixer' },
  { name: 'event-live', route: 'eventLive', session: 'signed-in', path: () => `/event/${live}/live`, heading: 'TapCard Live: Lagos Tech Mixer' },
  { name: 'event-moderation', route: 'eventModeration', session: 'signed-in', path: () => `/event/${live}/moderation`, heading: 'Moderation' },
  { name: 'event-messages', route: 'eventMessages', session: 'signed-in', path: () => `/event/${live}/messages`, heading: 'Messages' },
  { name: 'event-get-cards', route: 'eventGetCards', session: 'signed-in', path: () => `/event/${live}/get-cards`, heading: 'TapCard Live: Lagos Tech Mixer' },
  { name: 'event-get-chips', route: 'eventGetChips', session: 'signed-in', path: () => `/event/${live}/get-chips`, heading: 'TapCard Live: Lagos Tech Mixer' },
  { name: 'chip-check-in', route: 'chip', session: 'signed-in', path: () => `/events/d/chip/i/${DEMO.chips.bound}`, heading: 'TapCard Live: Lagos Tech Mixer' },
];

/** Every route the sweep visits (the sweep test files each take one area). */
export const ROUTES: SweepRoute[] = [...SHOP_ROUTES, ...ACCESS_ROUTES, ...VISITOR_ROUTES, ...SIGNED_IN_ROUTES];


/** The demo data the routes need that the seed makes at random (ids) or that only a purchase makes. */
async function demoData(): Promise<Demo> {
  const login = await callApi(baseURL, calls.login, { body: { email: DEMO.organiser.email, password: DEMO.organiser.password } });
  if (login.answer.success !== 'true') throw new Error(`demo login failed: ${login.answer.message}`);
  const authorization = `${login.answer.data.token_type} ${login.answer.data.access_token}`;
  const contacts = await callApi(baseURL, calls.getContacts, { authorization });
  if (contacts.answer.success !== 'true') throw new Error(`get-contacts failed: ${contacts.answer.message}`);
  const contact = contacts.answer.data.contacts[0];
  if (!contact) throw new Error('the demo organiser has no contacts');
  const bayo = await callApi(baseURL, calls.eventToken, { params: { id: DEMO.attendees.bayo } });
  if (bayo.answer.success !== 'true') throw new Error(`event token failed: ${bayo.answer.message}`);
  return { contact: { id: contact.contact_id, name: contact.full_name }, bayoId: bayo.answer.data.attendee.id, orderReference: await paidOrder() };
}

const CART: CartItem[] = addToCart(addToCart([], 'Black', 2).items, 'Pink', 1).items;

/** An order of CART, paid on the built-in test provider as a buyer does (its Approve payment form). */
async function paidOrder(): Promise<string> {
  const shipping = 2500;
  const totals = cartTotals(CART, shipping);
  const order = await callApi(baseURL, calls.createOrder, {
    body: {
      method: 'delivery',
      name: 'Sweep Buyer',
      phoneNumber: '08031234567',
      email: 'sweep.buyer@example.com',
      address: '12 Admiralty Way',
      city: 'Lekki',
      state: 'Lagos',
      country: 'Nigeria',
      pickup: null,
      shipping,
      cart: CART,
      total: totals.total,
      vat: totals.vat,
      callback_url: `${baseURL}/payment/status`,
    },
  });
  if (order.answer.success !== 'true') throw new Error(`order failed: ${order.answer.message}`);
  const { reference, url } = order.answer.data;
  const decided = await fetch(`${new URL(url, baseURL).href}/decision`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'decision=approve',
    redirect: 'manual',
  });
  if (decided.status !== 303) throw new Error(`approving the test payment answered ${decided.status}`);
  return reference;
}

/** Waits for the route's heading and for every loading indicator to go. */
async function settle(page: Page, route: SweepRoute, demo: Demo): Promise<void> {
  const name = typeof route.heading === 'function' ? route.heading(demo) : route.heading;
  if (route.holds) {
    await page.getByRole('status').filter({ hasText: name }).waitFor({ timeout: 15_000 });
    return;
  }
  const heading = page.getByRole('heading', { level: route.level ?? 1, name }).first();
  await heading.waitFor({ timeout: 15_000 });
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          Array.from(document.querySelectorAll('[role="status"], [aria-busy="true"]')).some(
            (el) => el.getAttribute('aria-busy') === 'true' || el.getAttribute('aria-label') === 'Loading...' || el.textContent?.trim() === 'Loading...',
          ),
        ),
      { timeout: 15_000, message: 'still loading' },
    )
    .toBe(false);
  // Toasts fade in and out: axe would read a half-faded one as low contrast.
  await expect.poll(() => page.locator('.Toastify__toast').count(), { timeout: 10_000, message: 'toasts still on screen' }).toBe(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

export async function axeProblems(page: Page): Promise<string[]> {
  return (await seriousViolations(page)).map((v) => `axe ${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Horizontal overflow: the document scrolls sideways, or an element sticks out of the viewport (not inside a scroller). */
export async function overflowProblems(page: Page): Promise<string[]> {
  const found = await page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const describe = (el: Element): string => {
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${cls}`;
    };
    const clippedByScroller = (el: Element): boolean => {
      for (let p = el.parentElement; p && p !== document.body && p !== root; p = p.parentElement) {
        if (['auto', 'scroll'].includes(getComputedStyle(p).overflowX)) return true;
      }
      return false;
    };
    // Screen-reader-only content (the visually-hidden pattern: a 1 px box that clips what it holds) is
    // off screen on purpose, however wide it is.
    const screenReaderOnly = (el: Element): boolean => {
      for (let p: Element | null = el; p && p !== document.body; p = p.parentElement) {
        const box = p.getBoundingClientRect();
        if (box.width <= 1 && box.height <= 1 && getComputedStyle(p).overflow === 'hidden') return true;
      }
      return false;
    };
    const sticking = new Set<Element>();
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // Wholly off screen is hidden on purpose (a closed drawer, a skip link); partly off screen is cut off.
      if (box.right <= 0 || box.left >= width) continue;
      if (box.right <= width + 1 && box.left >= -1) continue;
      if (getComputedStyle(el).visibility === 'hidden' || clippedByScroller(el) || screenReaderOnly(el)) continue;
      sticking.add(el);
    }
    // Only the outermost offenders.
    const culprits = Array.from(sticking)
      .filter((el) => !(el.parentElement && sticking.has(el.parentElement)))
      .slice(0, 6)
      .map((el) => {
        const box = el.getBoundingClientRect();
        return `${describe(el)} (left ${Math.round(box.left)}, right ${Math.round(box.right)})`;
      });
    return { scrollWidth: root.scrollWidth, clientWidth: width, culprits };
  });
  const problems: string[] = [];
  if (found.scrollWidth > found.clientWidth) problems.push(`overflow at ${PHONE_WIDTH} px: the page is ${found.scrollWidth} px wide`);
  if (found.culprits.length > 0) problems.push(`overflow at ${PHONE_WIDTH} px: ${found.culprits.join('; ')}`);
  return problems;
}

interface FocusRecord {
  key: string;
  indicator: boolean;
  /** Which key press moved the focus here. */
  press: number;
  passedOn?: boolean;
}

declare global {
  interface Window {
    __sweepFocus?: FocusRecord[];
  }
}

/**
 * The keyboard walk: marks every visible, enabled control, notes how it looks unfocused, then presses
 * Tab (bounded) and records each control focused and whether its focus shows (an outline of some
 * width, or a box shadow, on it or on the wrapper that holds it, that it does not have unfocused).
 */
export async function keyboardProblems(page: Page): Promise<{ problems: string[]; controls: number }> {
  const count = await page.evaluate(() => {
    const SELECTOR = 'a[href], button, input, select, textarea, [tabindex], [role="button"], [role="tab"], [role="link"]';
    type Look = string;
    const look = (el: Element | null): Look => {
      if (!el) return '';
      const s = getComputedStyle(el);
      const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0 ? `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}` : 'none';
      return `${outline}|${s.boxShadow}`;
    };
    const shows = (value: Look): boolean => value !== '' && value !== 'none|none';
    const visible = (el: Element): boolean => {
      if (el.closest('[aria-hidden="true"], [inert]')) return false;
      if (!el.checkVisibility({ visibilityProperty: true })) return false;
      const box = el.getBoundingClientRect();
      // A visually hidden control (a styled checkbox's input) is still a control.
      return box.width > 0 || box.height > 0 || el instanceof HTMLInputElement;
    };
    const candidates = Array.from(document.querySelectorAll<HTMLElement>(SELECTOR)).filter((el) => {
      if (el instanceof HTMLInputElement && el.type === 'hidden') return false;
      if ((el as HTMLButtonElement).disabled || el.getAttribute('aria-disabled') === 'true') return false;
      const tabindex = el.getAttribute('tabindex');
      // A roving tabindex (-1) takes a control out of the Tab order on purpose.
      if (tabindex !== null && Number(tabindex) < 0) return false;
      return visible(el);
    });
    // Looks are noted unfocused: a dialog focuses its first control as it opens.
    (document.activeElement as HTMLElement | null)?.blur();
    const unfocused = new Map<Element, Look[]>();
    candidates.forEach((el, i) => {
      // A radio group is one stop of the Tab order.
      const key = el instanceof HTMLInputElement && el.type === 'radio' && el.name ? `radio:${el.name}` : String(i);
      el.dataset.sweepKey = key;
      unfocused.set(el, [look(el), look(el.parentElement), look(el.parentElement?.parentElement ?? null)]);
    });
    const records: FocusRecord[] = [];
    window.__sweepFocus = records;
    document.addEventListener(
      'focusin',
      (event) => {
        const el = event.target as HTMLElement;
        // A group that hands its focus on within the same key press (a tab list to its selected tab) only passes it through.
        const last = records.at(-1);
        if (last && last.press === presses) last.passedOn = true;
        const key = el.dataset?.sweepKey;
        if (!key || !unfocused.has(el)) return;
        const chain = [el, el.parentElement, el.parentElement?.parentElement ?? null];
        // A focus ring that fades in is read at its end.
        for (const node of chain) node?.getAnimations().forEach((a) => a.finish());
        const before = unfocused.get(el) ?? [];
        const indicator = chain.some((node, i) => {
          const now = look(node);
          return shows(now) && now !== before[i];
        });
        records.push({ key, indicator, press: presses });
      },
      true,
    );
    let presses = 0;
    document.addEventListener('keydown', () => presses++, true);
    return new Set(candidates.map((el) => el.dataset.sweepKey)).size;
  });
  if (count === 0) return { problems: [], controls: 0 };
  const bound = Math.min(2 * count + 10, 250);
  for (let pressed = 0; pressed < bound; ) {
    for (let i = 0; i < 10 && pressed < bound; i++, pressed++) await page.keyboard.press('Tab');
    const seen = await page.evaluate(() => new Set((window.__sweepFocus ?? []).map((r) => r.key)).size);
    if (seen >= count) break;
  }
  const problems = await page.evaluate(() => {
    const records = window.__sweepFocus ?? [];
    const describe = (el: HTMLElement): string => {
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? (el as HTMLInputElement).placeholder ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      return `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''}${cls}${name ? ` "${name}"` : ''}`;
    };
    const reached = new Set(records.map((r) => r.key));
    const noRing = new Set(records.filter((r) => !r.indicator && !r.passedOn).map((r) => r.key));
    const problems: string[] = [];
    const byKey = new Map<string, HTMLElement>();
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('[data-sweep-key]'))) {
      const key = el.dataset.sweepKey ?? '';
      if (!byKey.has(key)) byKey.set(key, el);
    }
    for (const [key, el] of byKey) {
      if (!reached.has(key)) problems.push(`keyboard: not reached by Tab: ${describe(el)}`);
      else if (noRing.has(key)) problems.push(`focus: no visible focus indicator on ${describe(el)}`);
    }
    return problems;
  });
  return { problems, controls: count };
}

/**
 * The dialog check: opens each dialog from its button with the keyboard, closes it with Escape and
 * asserts the focus went back to that button (a person on a keyboard or a screen reader continues
 * where they were).
 */
export async function dialogProblems(page: Page, openers: readonly string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const name of openers) {
    const opener = page.getByRole('button', { name, exact: true }).first();
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.first().waitFor({ timeout: 10_000 });
    await page.keyboard.press('Escape');
    await dialog.first().waitFor({ state: 'detached', timeout: 10_000 });
    const back = await expect
      .poll(() => opener.evaluate((el) => el === document.activeElement), { timeout: 5_000 })
      .toBe(true)
      .then(
        () => true,
        () => false,
      );
    if (!back) {
      const focused = await page.evaluate(() => {
        const el = document.activeElement;
        return !el || el === document.body ? 'nothing (the page)' : `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
      });
      problems.push(`focus: closing the dialog of "${name}" with Escape left the focus on ${focused}, not on its opener`);
    }
  }
  return problems;
}

/** What sweeping one route found at both widths, and a line for the report. */
async function sweepRoute(route: SweepRoute, demo: Demo, narrow: Page, wide: Page): Promise<{ problems: string[]; summary: string }> {
  const problems: string[] = [];
  const started = Date.now();
  let heading = '';
  const controls: number[] = [];
  for (const [page, width] of [
    [narrow, PHONE_WIDTH],
    [wide, WIDE],
  ] as const) {
    const at = (text: string) => `${width}: ${text}`;
    const before = problems.length;
    try {
      const target = route.path(demo);
      // The page in front: a background tab paints (and so screenshots) slowly.
      await page.bringToFront();
      if (route.holds) await page.route(route.holds, () => undefined);
      if (route.enter) await route.enter(page, demo);
      else await page.goto(target);
      await settle(page, route, demo);
      heading = (await page.getByRole(route.holds ? 'status' : 'heading', route.holds ? {} : { level: route.level ?? 1 }).first().textContent())?.trim() ?? '';
      const expected = route.landsOn ?? new URL(target, baseURL).pathname;
      const pathname = new URL(page.url()).pathname;
      if (pathname !== expected) problems.push(at(`landed on ${pathname}, not ${expected}`));
      if (route.route !== 'notFound' && (await page.getByRole('heading', { name: NOT_FOUND }).count()) > 0) problems.push(at('shows the not-found page'));
      for (const p of await axeProblems(page)) problems.push(at(p));
      if (width === PHONE_WIDTH) for (const p of await overflowProblems(page)) problems.push(at(p));
      const keyboard = await keyboardProblems(page);
      controls.push(keyboard.controls);
      for (const p of keyboard.problems) problems.push(at(p));
      if (route.dialogs) for (const p of await dialogProblems(page, route.dialogs)) problems.push(at(p));
    } catch (error) {
      problems.push(at(`could not be swept: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`));
    } finally {
      if (problems.length > before) {
        mkdirSync(SCREENSHOTS, { recursive: true });
        await page.screenshot({ path: join(SCREENSHOTS, `${route.name}-${width}.png`), fullPage: true }).catch(() => undefined);
      }
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    }
  }
  const summary = `${route.name} "${heading}", ${controls.join('/')} Tab stops (${((Date.now() - started) / 1000).toFixed(1)} s)`;
  return { problems, summary };
}

/**
 * One test per route of `routes`, all in one browser (a phone-sized page and a wide one); signed-in
 * routes sign the demo organiser in first. SWEEP_ROUTES=name,name sweeps only those routes (while
 * fixing one); the full sweep is the default.
 */
export function sweepRoutes(area: string, routes: readonly SweepRoute[]): void {
  const only = testEnv.sweepRoutes();
  const openBrowser = browsers({ baseURL, width: PHONE_WIDTH, height: HEIGHT, reducedMotion: 'reduce' });
  let demo: Demo;
  let narrow: Page;
  let wide: Page;
  beforeAll(async () => {
    demo = await demoData();
    const { context } = await openBrowser();
    narrow = await context.newPage();
    wide = await context.newPage();
    await wide.setViewportSize({ width: WIDE, height: HEIGHT });
    // A cart in storage, so checkout and payment show an order rather than an empty cart.
    await narrow.goto('/faq');
    await narrow.evaluate((items) => localStorage.setItem('tapcard:cartItems', JSON.stringify(items)), CART);
  });

  let signedIn = false;
  const ordered = [...routes.filter((r) => r.session === 'signed-out'), ...routes.filter((r) => r.session === 'signed-in')];
  describe(`accessibility sweep: ${area}`, () => {
    for (const route of ordered) {
      it.skipIf(only !== undefined && !only.includes(route.name))(
        `${route.name}: no serious axe violation, no overflow at ${PHONE_WIDTH} px, every control reachable by Tab with a visible focus`,
        async () => {
          if (route.session === 'signed-in' && !signedIn) {
            await signIn(wide, DEMO.organiser);
            signedIn = true;
          }
          const { problems, summary } = await sweepRoute(route, demo, narrow, wide);
          console.log(`${problems.length === 0 ? 'ok  ' : 'FAIL'} ${summary}`);
          expect(problems, `${summary} ${route.path(demo)} (screenshots in ${SCREENSHOTS})`).toEqual([]);
        },
      );
    }
  });
}
