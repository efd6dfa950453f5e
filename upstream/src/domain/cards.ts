import { randomBytes } from 'node:crypto';
import { calls, type CardField } from '@tapcard/shared/contract';
import { isFieldShown, slugify } from '@tapcard/shared/domain';
import { isOwnImage, messages, quickLinkContent, UPLOADED_FILES_PATH } from '@tapcard/shared/rules';
import { badRequest } from '../lib/http-error.js';

/** Card rules beyond the contract: answers, page paths, image references, quick links and their vCard lines. */

/** The answer when a card id and scratch token do not belong together (the web shows it as a toast). */
export const INVALID_TOKEN = messages.invalidTokenToast;
export const CARD_ALREADY_ACTIVE = 'This card has already been activated';
export const NO_CARD_YET = 'You have not created your card yet';
export const CARD_NOT_FOUND = 'Card not found';

/** The type a public card reports when no physical card is bound to it (a virtual card). */
export const VIRTUAL_CARD_TYPE = 'card';

// ── Paths of the upstream's own files ──────────────────────────────────────
/** The owner's vCard of a public card. */
export const vcardDownloadPath = (link: string): string => `${calls.vcardDownload.path}?link=${encodeURIComponent(link)}`;

/**
 * A stored image reference or null: '' counts as none, and so does a reference that is not one of
 * the product's own images (isOwnImage). The contract refuses those in requests with 400; this keeps
 * a row stored before that rule (e.g. a user's picture) from being copied onto a card.
 */
export function imageRef(value: string | null | undefined): string | null {
  const text = value?.trim() ?? '';
  return text !== '' && isOwnImage(text) ? text : null;
}

/**
 * Quick links as stored: every value but position non-empty (the quick-link modal's rule), ordered by
 * the positions given (strings counting from 1; unreadable ones last, ties in the order sent) and
 * renumbered 1..n. A sent id is kept (replaceFields decides whether it names a stored link).
 */
export function normaliseFields(fields: readonly CardField[], path: string): CardField[] {
  const checked = fields.map((field, index) => {
    for (const key of ['label', 'content', 'icon', 'status'] as const) {
      if (field[key].trim() === '') throw badRequest(messages.fillAllInformation, `${path}.${index}.${key}`);
    }
    const position = Number.parseInt(field.position, 10);
    return { field, index, order: Number.isFinite(position) ? position : Number.POSITIVE_INFINITY };
  });
  checked.sort((a, b) => a.order - b.order || a.index - b.index);
  return checked.map(({ field }, i) => ({
    ...(field.id === undefined ? {} : { id: field.id }),
    label: field.label.trim(),
    content: field.content.trim(),
    icon: field.icon.trim(),
    status: field.status.trim(),
    type: field.type,
    position: String(i + 1),
  }));
}

/** A public link slug: the name's slug and a random suffix ('ada-lovelace-3f9c2a1b'). */
export function newLink(name: string): string {
  const base = slugify(name).slice(0, 40).replace(/-+$/, '') || 'card';
  return `${base}-${randomBytes(4).toString('hex')}`;
}

/**
 * The absolute URL of one of the product's uploads, for mail and vCards (the gateway serves the
 * upstream under /api). Null for anything else: a data: image has no address, and a link to another
 * host stored before the image rule is never handed on, as whoever loads it would call that host.
 */
export function absoluteImageUrl(image: string | null, publicUrl: string): string | null {
  const text = image?.trim() ?? '';
  if (!text.startsWith(UPLOADED_FILES_PATH) || !isOwnImage(text)) return null;
  return `${publicUrl}/api${text}`;
}

/**
 * What a card's shown quick links add to its vCard: phone and WhatsApp numbers as phones, emails,
 * web links and social profiles (as their URLs, only when they pass their type's rule) as links, and
 * addresses. Plain-text fields stay out.
 */
export function vcardLinks(fields: readonly CardField[]): { phones: string[]; emails: string[]; urls: string[]; addresses: string[] } {
  const links = { phones: [] as string[], emails: [] as string[], urls: [] as string[], addresses: [] as string[] };
  for (const field of fields) {
    if (!isFieldShown(field)) continue;
    if (field.type === 'address') {
      links.addresses.push(field.content);
      continue;
    }
    if (field.type === 'text') continue;
    const checked = quickLinkContent(field.type, field.content);
    if (!checked.ok || checked.content === '') continue;
    if (field.type === 'tel' || field.type === 'wa') links.phones.push(checked.content);
    else if (field.type === 'email') links.emails.push(checked.content);
    else links.urls.push(checked.content);
  }
  return links;
}
