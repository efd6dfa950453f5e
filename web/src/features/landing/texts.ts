import { PRODUCT_NAME } from '@tapcard/shared/constants';

/** The landing area's words: the required texts to the letter, ours where none is required. */
export const LANDING_TEXTS = {
  hero: 'Your Digital Culture In One Card',
  marketingLine: 'one tap to share and connect with people',
  heroText: `${PRODUCT_NAME} puts your contact details, socials and business on one smart card. Tap it on a phone or let the camera scan its QR code, and your profile opens at once — no app, no typing, no lost paper cards.`,
  getCards: 'Get Cards',
  login: 'Login',
  orderNow: 'Order Now',
  preorderTitle: 'Pre-order your card',
  preorderText: 'Leave your details and we will reach out as soon as your card is ready to ship.',
  preorderButton: 'Pre-order',
} as const;

/** Section anchors of the landing page (the header menu's About, Connect and Event). */
export const SECTION_IDS = { about: 'about', connect: 'connect', event: 'event' } as const;
