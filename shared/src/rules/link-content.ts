/**
 * What each quick-link type's content must be. Every link a card shows is built from this content, so
 * only http(s) web links, email addresses, phone numbers and the networks' own profile links get
 * through; javascript:, data:, vbscript: and the like are refused, however they are spelled. No schema
 * here: a visitor's card checks the links it shows without loading zod's schemas (quick-links.ts holds them).
 */
import { regexes } from 'zod';
import { PHONE_COUNTRY_PREFIX, PHONE_INTERNATIONAL_MIN_DIGITS } from '../constants/index.js';
import type { CardFieldType } from '../domain/cards.js';
import { normalisePhone } from '../domain/phone.js';
import { messages } from './messages.js';
import { normaliseSocialLink, type SOCIAL_NETWORKS } from './social-links.js';

export type QuickLinkContentResult = { ok: true; content: string } | { ok: false; message: string };

/** C0 and C1 control characters and any whitespace: never part of a link, an address or a number. */
// eslint-disable-next-line no-control-regex
const CONTROL_OR_SPACE = /[\u0000-\u001f\u007f-\u009f\s]/u;
/** A scheme written out ("name:"), not a host followed by its port ("example.com:8080"). */
const HAS_SCHEME = /^[a-z][a-z\d+.-]*:(?!\d)/i;
/**
 * A number as people type it: an optional plus, then digit groups, each one possibly in parentheses,
 * with at most one space, hyphen or dot between them ('+234 (0) 803-123-4567', '(0803) 123.4567').
 */
const PHONE = /^\+?(?:\(\d+\)|\d+)(?:[ .-]?(?:\(\d+\)|\d+))*$/;
const PHONE_MIN_DIGITS = 7;
const PHONE_MAX_DIGITS = 15;
/** A tel: link pasted into a phone tile, and a wa.me link into a WhatsApp tile. */
const TEL_LINK = /^tel:/i;
const WA_LINK = /^(?:https?:\/\/)?wa\.me\/(\d+)\/?$/i;

/**
 * An http(s) link with a dotted host and no credentials; one typed without a scheme gets https://.
 * Returns the link (scheme added) or null. Never throws.
 */
export function webLink(input: string): string | null {
  if (typeof input !== 'string') return null;
  const value = input.trim();
  if (value === '' || CONTROL_OR_SPACE.test(value)) return null;
  const withScheme = HAS_SCHEME.test(value) ? value : `https://${value.replace(/^\/+/, '')}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '' || !regexes.domain.test(url.hostname)) return null;
  return withScheme;
}

/**
 * A phone number in E.164 form ('+' and 7 to 15 digits), or null. A number with a plus (or 00) is
 * international as typed, a trunk zero after +234 dropped; one without is national and gets the
 * country code 234 by the phone normaliser (domain/phone.ts), so it needs enough digits to be a Nigerian number.
 * The same rule for every phone a card shows: the phone and WhatsApp quick links and the services.
 * A stored number gives itself back. Never throws.
 */
export function phoneNumber(input: string): string | null {
  const value = typeof input === 'string' ? input.trim() : '';
  if (!PHONE.test(value)) return null;
  const digits = value.replace(/\D/g, '');
  let international: string;
  if (value.startsWith('+')) {
    international = digits.startsWith(PHONE_COUNTRY_PREFIX) ? PHONE_COUNTRY_PREFIX + digits.slice(PHONE_COUNTRY_PREFIX.length).replace(/^0+/, '') : digits;
  } else if (digits.startsWith('00')) {
    international = digits.slice(2);
  } else {
    international = normalisePhone(digits);
    if (!international.startsWith(PHONE_COUNTRY_PREFIX) || international.length < PHONE_INTERNATIONAL_MIN_DIGITS) return null;
  }
  if (/^0/.test(international) || international.length < PHONE_MIN_DIGITS || international.length > PHONE_MAX_DIGITS) return null;
  return `+${international}`;
}

/** An email address with its domain in lower case (the part before the @ is the owner's to spell). */
function emailAddress(value: string): string | null {
  if (!regexes.email.test(value)) return null;
  const at = value.lastIndexOf('@');
  return value.slice(0, at) + value.slice(at).toLowerCase();
}

const NETWORKS: Partial<Record<CardFieldType, (typeof SOCIAL_NETWORKS)[number]>> = {
  facebook: 'facebook',
  instagram: 'instagram',
  snapchat: 'snapchat',
  tiktok: 'tiktok',
  twitter: 'twitter',
};

/**
 * Checks `content` against what a quick link of `type` holds and returns it as stored (trimmed; social
 * links canonical, web links with their scheme, emails with a lower-case domain, numbers in E.164) or
 * the type's message. A stored content checks to itself.
 * Blank content passes here: "every field is required" is the modal's own rule. Never throws.
 */
export function quickLinkContent(type: string, content: string): QuickLinkContentResult {
  const value = typeof content === 'string' ? content.trim() : '';
  if (value === '') return { ok: true, content: value };
  const network = Object.hasOwn(NETWORKS, type) ? NETWORKS[type as CardFieldType] : undefined;
  if (network !== undefined) {
    if (CONTROL_OR_SPACE.test(value)) return { ok: false, message: messages.socialMismatch(network) };
    const result = normaliseSocialLink(network, value);
    return result.ok ? { ok: true, content: result.url } : result;
  }
  switch (type) {
    case 'url': {
      const link = webLink(value);
      return link === null ? { ok: false, message: messages.quickLinkUrlInvalid } : { ok: true, content: link };
    }
    case 'email': {
      const email = emailAddress(value);
      return email === null ? { ok: false, message: messages.quickLinkEmailInvalid } : { ok: true, content: email };
    }
    case 'tel': {
      const phone = phoneNumber(value.replace(TEL_LINK, ''));
      return phone === null ? { ok: false, message: messages.quickLinkPhoneInvalid } : { ok: true, content: phone };
    }
    case 'wa': {
      const link = WA_LINK.exec(value);
      const phone = phoneNumber(link?.[1] === undefined ? value : `+${link[1]}`);
      return phone === null ? { ok: false, message: messages.quickLinkWhatsAppInvalid } : { ok: true, content: phone };
    }
    default:
      // address and text are shown as text (a text that is a web link opens it; see webLink).
      return { ok: true, content: value };
  }
}
