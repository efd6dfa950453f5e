/**
 * What each quick-link type's content must be. Every link a card shows is built from this content, so
 * only http(s) web links, email addresses, phone numbers and the networks' own profile links get
 * through; javascript:, data:, vbscript: and the like are refused, however they are spelled.
 */
import { z } from 'zod';
import { cardFieldSchema, type CardFieldType } from '../domain/cards.js';
import { compactPhone } from './fields.js';
import { messages } from './messages.js';
import { normaliseSocialLink, type SocialNetwork } from './socials.js';

export type QuickLinkContentResult = { ok: true; content: string } | { ok: false; message: string };

/** C0 and C1 control characters and any whitespace: never part of a link, an address or a number. */
// eslint-disable-next-line no-control-regex
const CONTROL_OR_SPACE = /[\u0000-\u001f\u007f-\u009f\s]/u;
/** A scheme written out ("name:"), not a host followed by its port ("example.com:8080"). */
const HAS_SCHEME = /^[a-z][a-z\d+.-]*:(?!\d)/i;
/** Digit groups separated by single spaces or hyphens, an optional plus first. */
const PHONE = /^\+?\d+(?:[ -]\d+)*$/;
const PHONE_MIN_DIGITS = 7;
const PHONE_MAX_DIGITS = 15;

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
  if (url.username !== '' || url.password !== '' || !z.regexes.domain.test(url.hostname)) return null;
  return withScheme;
}

/** A phone number: digit groups (single spaces or hyphens between), an optional plus; stored compact. */
function phoneNumber(value: string): string | null {
  if (!PHONE.test(value)) return null;
  const digits = value.replace(/\D/g, '').length;
  return digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS ? compactPhone(value) : null;
}

const NETWORKS: Partial<Record<CardFieldType, SocialNetwork>> = {
  facebook: 'facebook',
  instagram: 'instagram',
  snapchat: 'snapchat',
  tiktok: 'tiktok',
  twitter: 'twitter',
};

/**
 * Checks `content` against what a quick link of `type` holds and returns it as stored (trimmed; social
 * links canonical, web links with their scheme, numbers without separators) or the type's message.
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
    case 'email':
      return z.email().safeParse(value).success ? { ok: true, content: value } : { ok: false, message: messages.quickLinkEmailInvalid };
    case 'tel':
    case 'wa': {
      const phone = phoneNumber(value);
      if (phone !== null) return { ok: true, content: phone };
      return { ok: false, message: type === 'tel' ? messages.quickLinkPhoneInvalid : messages.quickLinkWhatsAppInvalid };
    }
    default:
      // address and text are shown as text (a text that is a web link opens it; see webLink).
      return { ok: true, content: value };
  }
}

/**
 * For a schema's `.transform`: the quick link with its content as stored, or an issue under `content`
 * with the type's message.
 */
export function checkQuickLinkContent<T extends { type: string; content: string }>(value: T, ctx: z.core.$RefinementCtx<T>): T {
  const result = quickLinkContent(value.type, value.content);
  if (result.ok) return { ...value, content: result.content };
  ctx.addIssue({ code: 'custom', message: result.message, path: ['content'], input: value.content });
  return z.NEVER;
}

/** A quick link as the card calls take it (sign-up's and save-card's fields): content checked by type. */
export const quickLinkFieldSchema = cardFieldSchema.transform(checkQuickLinkContent);
