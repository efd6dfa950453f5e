import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { safeEqual } from './crypto.js';

/**
 * Device credentials: what lets a device its owner used before through while strangers lock out the
 * account, the card or the sign-up they are guessing at (docs/decisions/008-device-credentials.md).
 *
 * One HttpOnly cookie holds a few entries, newest first, each `<issued>.<nonce>.<mac>`: when it was
 * issued (seconds, base 36), a random nonce (the device's id, which its own counters key on) and an
 * HMAC-SHA256 over the subject it was issued for (an account, a sign-up's email, a card), the time
 * and the nonce. The subject itself is not in the cookie: an entry is checked by recomputing its MAC
 * for the subject a request is about, so the cookie names no account and a changed, forged or other
 * subject's entry is simply unknown. Nothing is stored on the server; logging out leaves it in place.
 */

export const DEVICE_COOKIE = 'tapcard_device';
/** How long an entry is honoured after it was (re)issued; every success on the device renews it. */
export const DEVICE_CREDENTIAL_TTL_MS = 365 * 24 * 60 * 60 * 1000;
/** Entries one cookie keeps (accounts, sign-ups and cards the device proved itself for), newest first. */
export const DEVICE_ENTRIES_MAX = 8;
/** Longer cookie values are ignored unread. */
const COOKIE_MAX_CHARS = 1024;
const ENTRY = /^([0-9a-z]{1,10})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/** What an entry proves the device used: an account it signed in to, an email it started a sign-up for, a card whose token it gave. */
export type DeviceSubject = { account: string } | { signUp: string } | { card: string };

function subjectText(subject: DeviceSubject): string {
  if ('account' in subject) return `account:${subject.account}`;
  if ('signUp' in subject) return `sign-up:${subject.signUp}`;
  return `card:${subject.card}`;
}

/** The value of one cookie in a Cookie header (the first of that name), or undefined. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    return part.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1');
  }
  return undefined;
}

interface Entry {
  text: string;
  issuedMs: number;
  nonce: string;
  mac: string;
}

export class DeviceCredentials {
  private readonly key: Buffer;

  /** `secret`: a server secret every upstream shares (the entries' MAC key is derived from it). */
  constructor(
    secret: string,
    private readonly now: () => Date,
  ) {
    this.key = createHmac('sha256', secret).update('tapcard device credential v1').digest();
  }

  private mac(subject: DeviceSubject, issued: string, nonce: string): string {
    return createHmac('sha256', this.key).update(`${subjectText(subject)}|${issued}|${nonce}`).digest('base64url');
  }

  private entries(request: FastifyRequest): Entry[] {
    const header = request.headers.cookie;
    const value = cookieValue(Array.isArray(header) ? header.join('; ') : header, DEVICE_COOKIE);
    if (!value || value.length > COOKIE_MAX_CHARS) return [];
    const out: Entry[] = [];
    for (const text of value.split('~').slice(0, DEVICE_ENTRIES_MAX)) {
      const match = ENTRY.exec(text);
      if (!match?.[1] || !match[2] || !match[3]) continue;
      out.push({ text, issuedMs: parseInt(match[1], 36) * 1000, nonce: match[2], mac: match[3] });
    }
    return out;
  }

  private live(entry: Entry): boolean {
    const now = this.now().getTime();
    return entry.issuedMs <= now + 60_000 && now - entry.issuedMs < DEVICE_CREDENTIAL_TTL_MS;
  }

  private matches(entry: Entry, subject: DeviceSubject): boolean {
    return this.live(entry) && safeEqual(entry.mac, this.mac(subject, entry.text.slice(0, entry.text.indexOf('.')), entry.nonce));
  }

  /** The device's id (its entry's nonce) when the request carries a live entry for `subject`; null: an unknown device. */
  known(request: FastifyRequest, subject: DeviceSubject): string | null {
    return this.entries(request).find((entry) => this.matches(entry, subject))?.nonce ?? null;
  }

  /**
   * Sets the cookie with a fresh entry for `subject` first (the device's nonce kept when it had one),
   * keeping the request's other live entries and dropping the oldest past DEVICE_ENTRIES_MAX. Answers
   * the device's id for the subject.
   */
  issue(request: FastifyRequest, reply: FastifyReply, subject: DeviceSubject): string {
    const entries = this.entries(request);
    const nonce = entries.find((entry) => this.matches(entry, subject))?.nonce ?? randomBytes(16).toString('base64url');
    const issued = Math.floor(this.now().getTime() / 1000).toString(36);
    const fresh = `${issued}.${nonce}.${this.mac(subject, issued, nonce)}`;
    const others = entries.filter((entry) => this.live(entry) && entry.nonce !== nonce).map((entry) => entry.text);
    const value = [fresh, ...others].slice(0, DEVICE_ENTRIES_MAX).join('~');
    const attributes = [
      `${DEVICE_COOKIE}=${value}`,
      'Path=/',
      `Max-Age=${Math.floor(DEVICE_CREDENTIAL_TTL_MS / 1000)}`,
      'HttpOnly',
      'SameSite=Lax',
      ...(request.protocol === 'https' ? ['Secure'] : []),
    ];
    void reply.header('set-cookie', attributes.join('; '));
    return nonce;
  }
}
