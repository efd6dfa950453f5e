import { describe, expect, it } from 'vitest';
import { CARD_FIELD_TYPES } from '../domain/cards.js';
import { phoneNumber, quickLinkContent, quickLinkFieldSchema, quickLinkSchema, validate, webLink } from './index.js';

/** Script and data links, as typed, in mixed case, behind whitespace and control characters. */
const HOSTILE = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  '\tjavascript:alert(1)',
  '\u0001javascript:alert(1)',
  '\u0000https://example.com',
  'java\nscript:alert(1)',
  'javascript://example.com/%0Aalert(1)',
  'data:text/html,<script>alert(1)</script>',
  'DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  'VBScript:msgbox(1)',
  'file:///etc/passwd',
  'mailto:someone@example.com',
];

const MESSAGES: Record<string, string> = {
  url: 'Please enter a valid website link',
  email: 'Please enter a valid email address',
  tel: 'Please enter a valid phone number',
  wa: 'Please enter a valid WhatsApp number',
  facebook: 'Link has not matched with profile facebook',
  instagram: 'Link has not matched with profile instagram',
  snapchat: 'Link has not matched with profile snapchat',
  tiktok: 'Link has not matched with profile tiktok',
  twitter: 'Link has not matched with profile twitter',
};

const quickLink = (type: string, content: string) => ({ label: 'Link', content, icon: 'website', type, status: '1' });

describe('quick-link content by type', () => {
  it.each(Object.keys(MESSAGES))("refuses script and data links for %s with the type's message", (type) => {
    for (const content of HOSTILE) {
      expect(validate(quickLinkSchema, quickLink(type, content)), `${type}: ${JSON.stringify(content)}`).toEqual({
        ok: false,
        errors: { content: MESSAGES[type] },
      });
    }
  });

  it('website: http(s) with a dotted host; https:// added when no scheme is typed', () => {
    expect(quickLinkContent('url', ' example.com/a?b=1#c ')).toEqual({ ok: true, content: 'https://example.com/a?b=1#c' });
    expect(quickLinkContent('url', 'http://shop.example.ng')).toEqual({ ok: true, content: 'http://shop.example.ng' });
    expect(quickLinkContent('url', 'example.com:8080/x')).toEqual({ ok: true, content: 'https://example.com:8080/x' });
    for (const bad of ['https://', 'https://localhost', 'not a link', 'https://user:pw@example.com', 'ftp://example.com', 'https://exa mple.com']) {
      expect(quickLinkContent('url', bad), bad).toEqual({ ok: false, message: MESSAGES.url });
    }
  });

  it('email: an email address, stored trimmed with its domain in lower case', () => {
    expect(quickLinkContent('email', ' ada@example.com ')).toEqual({ ok: true, content: 'ada@example.com' });
    expect(quickLinkContent('email', 'Ada.L@Example.COM')).toEqual({ ok: true, content: 'Ada.L@example.com' });
    for (const bad of ['not-an-email', 'ada@', 'ada@example', '@example.com', 'ada@example.com?bcc=x@y.com', 'ada @example.com']) {
      expect(quickLinkContent('email', bad), bad).toEqual({ ok: false, message: MESSAGES.email });
    }
  });

  it('phone and WhatsApp: a number of 7 to 15 digits, stored in E.164 (+ and digits; national numbers get 234)', () => {
    for (const type of ['tel', 'wa']) {
      expect(quickLinkContent(type, '+234 803-123-4567')).toEqual({ ok: true, content: '+2348031234567' });
      expect(quickLinkContent(type, '08031234567')).toEqual({ ok: true, content: '+2348031234567' });
      expect(quickLinkContent(type, '0803 123 4567')).toEqual({ ok: true, content: '+2348031234567' });
      expect(quickLinkContent(type, '2348031234567')).toEqual({ ok: true, content: '+2348031234567' });
      expect(quickLinkContent(type, '+234 (0) 803 123 4567')).toEqual({ ok: true, content: '+2348031234567' });
      expect(quickLinkContent(type, '(0803) 123.4567')).toEqual({ ok: true, content: '+2348031234567' });
      expect(quickLinkContent(type, '+44 20 7946 0958')).toEqual({ ok: true, content: '+442079460958' });
      expect(quickLinkContent(type, '0044 20 7946 0958')).toEqual({ ok: true, content: '+442079460958' });
      expect(quickLinkContent(type, '+2348031234567')).toEqual({ ok: true, content: '+2348031234567' });
    }
    expect(quickLinkContent('tel', 'tel:+2348031234567')).toEqual({ ok: true, content: '+2348031234567' });
    expect(quickLinkContent('wa', 'https://wa.me/2348031234567')).toEqual({ ok: true, content: '+2348031234567' });
    expect(quickLinkContent('wa', 'wa.me/2348031234567')).toEqual({ ok: true, content: '+2348031234567' });
    for (const bad of ['12345', '1234567', '+123456', '1234567890123456', '+1234567890123456', 'call me', 'not-a-number', '+234--803', '++2348031234567', '0803 123 4567 ext 2', 'https://example.com/2348031234567']) {
      expect(quickLinkContent('tel', bad), bad).toEqual({ ok: false, message: MESSAGES.tel });
      expect(quickLinkContent('wa', bad), bad).toEqual({ ok: false, message: MESSAGES.wa });
    }
    expect(quickLinkContent('tel', 'wa.me/2348031234567')).toEqual({ ok: false, message: MESSAGES.tel });
    expect(quickLinkContent('wa', 'tel:2348031234567')).toEqual({ ok: false, message: MESSAGES.wa });
  });

  it('phoneNumber is the same rule for every phone a card shows (quick links and services)', () => {
    expect(phoneNumber('0803 123 4567')).toBe('+2348031234567');
    expect(phoneNumber('call me')).toBeNull();
    for (const stored of ['+2348031234567', '+442079460958']) expect(phoneNumber(stored)).toBe(stored);
  });

  it("social links: the network's URL shapes or a handle, stored as the canonical URL", () => {
    expect(quickLinkContent('instagram', '@ada')).toEqual({ ok: true, content: 'https://www.instagram.com/ada' });
    expect(quickLinkContent('facebook', 'm.facebook.com/ada.l')).toEqual({ ok: true, content: 'https://www.facebook.com/ada.l' });
    expect(quickLinkContent('twitter', 'https://x.com/ada')).toEqual({ ok: true, content: 'https://twitter.com/ada' });
    expect(quickLinkContent('snapchat', 'snapchat.com/add/ada')).toEqual({ ok: true, content: 'https://www.snapchat.com/add/ada' });
    expect(quickLinkContent('tiktok', '@ada_l')).toEqual({ ok: true, content: 'https://www.tiktok.com/@ada_l' });
    expect(quickLinkContent('tiktok', 'https://www.tiktok.com/@ada_l/')).toEqual({ ok: true, content: 'https://www.tiktok.com/@ada_l' });
    expect(quickLinkContent('tiktok', 'https://example.com/@ada')).toEqual({ ok: false, message: MESSAGES.tiktok });
    // A profile link copied from the app's share sheet: its query is dropped, not refused.
    expect(quickLinkContent('tiktok', 'https://www.tiktok.com/@ada_l?lang=en')).toEqual({ ok: true, content: 'https://www.tiktok.com/@ada_l' });
    expect(quickLinkContent('tiktok', 'https://www.tiktok.com/@ada_l?_t=8qZ&_r=1')).toEqual({ ok: true, content: 'https://www.tiktok.com/@ada_l' });
    expect(quickLinkContent('instagram', 'https://evil.example/ada')).toEqual({ ok: false, message: MESSAGES.instagram });
    expect(quickLinkContent('tiktok', '@name')).toEqual({ ok: true, content: 'https://www.tiktok.com/@name' });
  });

  it("each social tile takes only its own network's links", () => {
    const links: Record<string, string[]> = {
      facebook: ['https://www.facebook.com/ada', 'facebook.com/ada', 'fb.com/ada'],
      instagram: ['https://www.instagram.com/ada', 'instagram.com/ada'],
      snapchat: ['https://www.snapchat.com/add/ada', 'snapchat.com/add/ada'],
      tiktok: ['https://www.tiktok.com/@ada', 'tiktok.com/@ada'],
      twitter: ['https://twitter.com/ada', 'x.com/ada'],
    };
    for (const [type, own] of Object.entries(links)) {
      for (const link of own) expect(quickLinkContent(type, link).ok, `${type}: ${link}`).toBe(true);
      const others = Object.entries(links).filter(([other]) => other !== type).flatMap(([, list]) => list);
      const hosts = ['instagram.com', 'www.instagram.com', 'facebook.com', 'm.facebook.com', 'tiktok.com', 'x.com', 'twitter.com', 'snapchat.com'];
      for (const link of [...others, ...hosts, 'wa.me/2348031234567', 'https://example.com/ada']) {
        expect(quickLinkContent(type, link), `${type}: ${link}`).toEqual({ ok: false, message: MESSAGES[type] });
      }
    }
  });

  it('stored contents are already normalised: checking them again keeps them', () => {
    const typed: [string, string][] = [
      ['url', 'example.com/a'],
      ['email', 'Ada@Example.com'],
      ['tel', '0803 123 4567'],
      ['wa', '+44 20 7946 0958'],
      ['facebook', 'm.facebook.com/ada.l'],
      ['instagram', '@ada'],
      ['snapchat', 'ada'],
      ['tiktok', '@ada'],
      ['twitter', 'x.com/ada'],
      ['address', ' 12 Marina Road '],
      ['text', ' Ask for the lab '],
    ];
    expect(typed.map(([type]) => type).sort()).toEqual([...CARD_FIELD_TYPES].sort());
    for (const [type, content] of typed) {
      const stored = quickLinkContent(type, content);
      if (!stored.ok) throw new Error(`${type}: ${stored.message}`);
      expect(quickLinkContent(type, stored.content), type).toEqual(stored);
    }
  });

  it('address and text are shown as text: any non-blank value, trimmed', () => {
    expect(quickLinkContent('address', ' 12 Marina Road, Lagos ')).toEqual({ ok: true, content: '12 Marina Road, Lagos' });
    expect(quickLinkContent('text', 'javascript:alert(1)')).toEqual({ ok: true, content: 'javascript:alert(1)' });
  });

  it('checks every type the card fields have', () => {
    for (const type of CARD_FIELD_TYPES) expect(quickLinkContent(type, '').ok).toBe(true);
    expect(Object.keys(MESSAGES).every((type) => (CARD_FIELD_TYPES as readonly string[]).includes(type))).toBe(true);
  });

  it('the card calls refuse a bad quick link under its content, and store good ones as normalised', () => {
    const field = { ...quickLink('url', 'javascript:alert(1)'), position: '1' };
    expect(quickLinkFieldSchema.safeParse(field).error?.issues).toMatchObject([{ path: ['content'], message: MESSAGES.url }]);
    expect(quickLinkFieldSchema.parse({ ...field, content: 'example.com' }).content).toBe('https://example.com');
  });

  it('webLink never throws and only gives http(s) links', () => {
    for (const content of [...HOSTILE, '', ' ', 'http://[::1', '%', '//example.com']) {
      const link = webLink(content);
      if (link !== null) expect(link).toMatch(/^https?:\/\//);
    }
    expect(webLink('//example.com')).toBe('https://example.com');
  });
});
