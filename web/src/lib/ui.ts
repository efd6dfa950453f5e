/**
 * The web app's own constants: timings, layout figures and texts only the browser uses. Constants
 * the upstream or the gateway read too live in `@tapcard/shared/constants`.
 */

/** The support phone and email the texts show (get-cards and arena contact buttons, FAQ, policies). */
export const SUPPORT_PHONE = '+2348000000000';
export const SUPPORT_EMAIL = 'hello@tapcard.example';

/** The quality an uploaded image is compressed to. */
export const IMAGE_COMPRESSION_QUALITY = 0.7;

/** How long toasts stay: the default, a loading toast once settled, the contact page's, the cart's and the upload warning's. */
export const TOAST_AUTO_CLOSE_MS = 3000;
export const LOADING_TOAST_DISMISS_MS = 2000;
export const CONTACT_TOAST_MS = 3000;
export const CART_TOAST_MS = 300;
export const UPLOAD_WARNING_MS = 3000;

/** A press this long on a quick link opens its menu. */
export const QUICK_LINK_LONG_PRESS_MS = 1000;
export const QUICK_LINK_GRID_COLUMNS = 4;
/** A lazily loaded page's code that has not arrived after this long counts as failed to load. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** The local-storage wipe, applied as an inactivity expiry (docs/decisions/001-sessions.md). */
export const STORAGE_WIPE_MS = 300_000;
/** The visitor card page redirects to login after this long. */
export const CARD_PAGE_REDIRECT_MS = 300_000;

export const CONTACTS_PAGE_MAX_WIDTH_PX = 1080;

/** The quantity a shop product starts at. */
export const DEFAULT_QUANTITY = 1;

export const EVENT_WIZARD_STEPS = 3;
export const GALLERY_COLUMNS = 3;
/** The times the event wizard starts with beside the dates (display only: the dates are sent without them). */
export const DEFAULT_START_TIME = '12:00';
export const DEFAULT_END_TIME = '13:00';

/** Where event titles and descriptions are cut, in characters. */
export const TRUNCATE = {
  organiserTitle: 13,
  organiserDescription: 50,
  featuredDescription: 100,
  publicTitle: 22,
  publicDescription: 60,
  latestDescription: 50,
} as const;
