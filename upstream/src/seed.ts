import { ADMIN_NAME, adminIdOf, avatarFor, cleanName, defaultField, escapeXml, normalisePhone, type CardField } from '@tapcard/shared/domain';
import { pagePatterns, pages } from '@tapcard/shared/pages';
import { normaliseSocialLink } from '@tapcard/shared/rules';
import type { Transaction } from 'kysely';
import { tapUrl } from './cli/mint-cards.js';
import type { UpstreamConfig } from './config.js';
import type { Db } from './db/database.js';
import type { Database } from './db/schema.js';
import { hashPassword, hashToken, randomId } from './lib/crypto.js';
import { scratchTokenHash } from './domain/card-tokens.js';

/**
 * The demo a newcomer meets on the first start of an empty database: an organiser with an activated
 * card and a full card profile, contacts, an ongoing event with tickets, six attendees (one checked
 * in), group and private chat history and chips, a staff link for its door, one upcoming and one past
 * event, and an unactivated card to try the activation flow with.
 *
 * Secrets are stored hashed, so the demo uses FIXED, documented secrets (the organiser's password, the
 * card's scratch token, the attendees' access tokens, the staff link's secret). They are demo data only: a real deployment
 * sets SEED_DEMO=false, or deletes the demo organiser (demo@tapcard.local), which removes it all.
 */

export const DEMO_PASSWORD = 'Demo1234!';
export const DEMO_EMAIL = 'demo@tapcard.local';
export const DEMO_NAME = 'Tolu Adeyemi';
export const DEMO_CARD_LINK = 'tolu-adeyemi-demo';
export const DEMO_CARD_TYPE = 'nfc';
/** The organiser's own card, already activated. */
export const DEMO_ACTIVE_CARD = { id: 'DEMO-CARD-1', token: 'DEMO41' } as const;
/** A card still to be activated: tap its URL and enter the token. */
export const DEMO_NEW_CARD = { id: 'DEMO-CARD-2', token: 'DEMO42' } as const;

export const DEMO_LIVE_EVENT_ID = 'demo-live-event';
export const DEMO_LIVE_EVENT_TITLE = 'TapCard Live: Lagos Tech Mixer';
const DEMO_UPCOMING_EVENT_ID = 'demo-upcoming-event';
const DEMO_PAST_EVENT_ID = 'demo-past-event';

interface DemoAttendee {
  key: string;
  name: string;
  ticket: 'Regular' | 'VIP';
  checkedIn: boolean;
}

const ATTENDEES: readonly DemoAttendee[] = [
  { key: 'ada', name: 'Ada Obi', ticket: 'VIP', checkedIn: true },
  { key: 'bayo', name: 'Bayo Martins', ticket: 'VIP', checkedIn: false },
  { key: 'chidinma', name: 'Chidinma Eze', ticket: 'Regular', checkedIn: false },
  { key: 'david', name: 'David Mensah', ticket: 'Regular', checkedIn: false },
  { key: 'efe', name: 'Efe Johnson', ticket: 'Regular', checkedIn: false },
  { key: 'funke', name: 'Funke Adebayo', ticket: 'Regular', checkedIn: false },
];

/** An attendee's fixed access token: URL-safe, 34 characters (the chip page accepts 16 to 128). */
export const demoTid = (key: string): string => `demo-attendee-${key}-`.padEnd(34, '0');
/** The chip bound to Ada, and one still unbound. */
export const DEMO_CHIPS = { bound: 'demo-chip-ada', spare: 'demo-chip-spare' } as const;
/** The live event's staff link: open its URL on a phone to try the door. Ada came in through it. */
export const DEMO_STAFF_LINK_SECRET = 'demo-north-gate';
export const DEMO_STAFF_LINK_LABEL = 'North gate';

export interface DemoSummary {
  organiser: { name: string; email: string; password: string; eventsUrl: string };
  publicCard: { link: string; url: string };
  unactivatedCard: { id: string; type: string; token: string; tapUrl: string };
  activatedCard: { id: string; type: string; tapUrl: string };
  liveEvent: { id: string; title: string; organiserUrl: string; publicUrl: string };
  attendees: { name: string; ticket: string; tid: string; arenaUrl: string; tokenUrl: string }[];
  chips: { id: string; url: string; boundTo: string | null }[];
  staffLink: { label: string; secret: string; url: string };
}

/** The demo's fixed logins, tokens and links under a public URL (the README and the tests use it too). */
export function demoSummary(config: Pick<UpstreamConfig, 'publicUrl'>): DemoSummary {
  const base = config.publicUrl;
  return {
    organiser: { name: DEMO_NAME, email: DEMO_EMAIL, password: DEMO_PASSWORD, eventsUrl: `${base}${pagePatterns.events}` },
    publicCard: { link: DEMO_CARD_LINK, url: `${base}${pages.cardConnect(DEMO_CARD_LINK)}` },
    unactivatedCard: { id: DEMO_NEW_CARD.id, type: DEMO_CARD_TYPE, token: DEMO_NEW_CARD.token, tapUrl: tapUrl(base, DEMO_NEW_CARD.id, DEMO_CARD_TYPE) },
    activatedCard: { id: DEMO_ACTIVE_CARD.id, type: DEMO_CARD_TYPE, tapUrl: tapUrl(base, DEMO_ACTIVE_CARD.id, DEMO_CARD_TYPE) },
    liveEvent: {
      id: DEMO_LIVE_EVENT_ID,
      title: DEMO_LIVE_EVENT_TITLE,
      organiserUrl: `${base}${pages.event(DEMO_LIVE_EVENT_ID)}`,
      publicUrl: `${base}${pages.openEvent(cleanName(DEMO_LIVE_EVENT_TITLE))}`,
    },
    attendees: ATTENDEES.map((a) => ({
      name: a.name,
      ticket: a.ticket,
      tid: demoTid(a.key),
      arenaUrl: `${base}${pages.arena(demoTid(a.key))}`,
      tokenUrl: `${base}${pages.eventToken(demoTid(a.key))}`,
    })),
    chips: [
      { id: DEMO_CHIPS.bound, url: `${base}${pages.chip(DEMO_CHIPS.bound)}`, boundTo: 'Ada Obi' },
      { id: DEMO_CHIPS.spare, url: `${base}${pages.chip(DEMO_CHIPS.spare)}`, boundTo: null },
    ],
    staffLink: { label: DEMO_STAFF_LINK_LABEL, secret: DEMO_STAFF_LINK_SECRET, url: `${base}${pages.staffLink(DEMO_STAFF_LINK_SECRET)}` },
  };
}

/** The summary as lines for the server log. */
export function formatDemoSummary(summary: DemoSummary): string {
  return [
    `Demo organiser: ${summary.organiser.email} / ${summary.organiser.password} (events at ${summary.organiser.eventsUrl})`,
    `Demo public card: ${summary.publicCard.url}`,
    `Unactivated card: id ${summary.unactivatedCard.id}, type ${summary.unactivatedCard.type}, token ${summary.unactivatedCard.token}, tap ${summary.unactivatedCard.tapUrl}`,
    `Live event: ${summary.liveEvent.title} (organiser ${summary.liveEvent.organiserUrl}, public ${summary.liveEvent.publicUrl})`,
    ...summary.attendees.map((a) => `Arena of ${a.name} (${a.ticket}): ${a.arenaUrl}`),
    ...summary.chips.map((c) => `Chip ${c.id}${c.boundTo ? ` (bound to ${c.boundTo})` : ' (unbound)'}: ${c.url}`),
    `Staff link (${summary.staffLink.label}, door of the live event): ${summary.staffLink.url}`,
  ].join('\n');
}

export interface DemoSeed {
  /** True when this call seeded the database; false when the demo was there already. */
  seeded: boolean;
  summary: DemoSummary;
}

// ── Pictures that render without any file: small SVGs as data: URIs ─────────
function svgUri(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

function bannerImage(title: string, subtitle: string, from: string, to: string): string {
  return svgUri(
    '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="600" viewBox="0 0 1200 600">' +
      `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
      '<rect width="1200" height="600" fill="url(#g)"/>' +
      '<circle cx="1040" cy="120" r="180" fill="#ffffff" fill-opacity="0.08"/><circle cx="160" cy="520" r="240" fill="#ffffff" fill-opacity="0.06"/>' +
      '<g font-family="system-ui, -apple-system, Segoe UI, Roboto, Arial, sans-serif" fill="#ffffff">' +
      `<text x="80" y="300" font-size="64" font-weight="700">${escapeXml(title)}</text>` +
      `<text x="80" y="370" font-size="32" fill-opacity="0.85">${escapeXml(subtitle)}</text></g></svg>`,
  );
}

function galleryImage(label: string, hue: number): string {
  return svgUri(
    '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">' +
      `<rect width="800" height="600" fill="hsl(${hue}, 45%, 35%)"/>` +
      `<rect x="60" y="60" width="680" height="400" rx="24" fill="hsl(${(hue + 30) % 360}, 55%, 55%)"/>` +
      `<circle cx="250" cy="260" r="90" fill="hsl(${(hue + 200) % 360}, 60%, 70%)"/>` +
      `<rect x="380" y="190" width="280" height="28" rx="14" fill="#ffffff" fill-opacity="0.8"/>` +
      `<rect x="380" y="250" width="200" height="28" rx="14" fill="#ffffff" fill-opacity="0.6"/>` +
      `<text x="400" y="540" text-anchor="middle" font-family="system-ui, Arial, sans-serif" font-size="36" fill="#ffffff">${escapeXml(label)}</text></svg>`,
  );
}

/** 'YYYY-MM-DD' of the local day `offsetDays` from `now` (events are written with local dates). */
function localDate(now: Date, offsetDays: number): string {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + offsetDays);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

function localMidnight(now: Date, offsetDays: number): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + offsetDays);
}

const minutesBefore = (now: Date, minutes: number): Date => new Date(now.getTime() - minutes * 60_000);

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}

/**
 * Seeds the demo when the database holds no user at all; otherwise leaves everything as it is. Answers
 * the summary when the demo organiser exists (seeded now or before), null when the database belongs
 * to real users only. Safe to call on every start and from several processes at once.
 */
export async function seedDemo(db: Db, config: Pick<UpstreamConfig, 'publicUrl' | 'passwordHashCost'>, now: Date = new Date()): Promise<DemoSeed | null> {
  const summary = demoSummary(config);
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return (await hasDemo(db)) ? { seeded: false, summary } : null;
  const passwordHash = await hashPassword(DEMO_PASSWORD, config.passwordHashCost);
  try {
    await db.transaction().execute((trx) => writeDemo(trx, passwordHash, now));
  } catch (error) {
    // Another process seeded the same empty database at the same moment.
    if (isUniqueViolation(error) && (await hasDemo(db))) return { seeded: false, summary };
    throw error;
  }
  return { seeded: true, summary };
}

async function hasDemo(db: Db): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirst()) !== undefined;
}

async function writeDemo(trx: Transaction<Database>, passwordHash: string, now: Date): Promise<void> {
  // ── The organiser, the card and the card profile ─────────────────────────
  const userId = randomId();
  await trx
    .insertInto('users')
    .values({ id: userId, email: DEMO_EMAIL, name: DEMO_NAME, password_hash: passwordHash, auth_type: 'Email', image: avatarFor(DEMO_NAME), description: 'Producer of TapCard Live events in Lagos.', created_at: now })
    .execute();

  const profileId = randomId();
  const phone = normalisePhone('0803 123 4567');
  await trx
    .insertInto('card_profiles')
    .values({
      id: profileId,
      user_id: userId,
      link: DEMO_CARD_LINK,
      title: DEMO_NAME,
      sub_title: 'Event Producer at TapCard Live',
      description: 'I run tech mixers and founder breakfasts across Lagos. Tap to save my contact or book a chat.',
      image: avatarFor(DEMO_NAME),
      phone,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const instagram = normaliseSocialLink('instagram', '@tapcard.live');
  const fields: CardField[] = [
    defaultField('tel', phone, 1),
    defaultField('wa', phone, 2),
    defaultField('email', DEMO_EMAIL, 3),
    defaultField('url', 'https://tapcard.example', 4),
    defaultField('address', '12 Admiralty Way, Lekki Phase 1, Lagos', 5),
    defaultField('instagram', instagram.ok ? instagram.url : 'https://www.instagram.com/tapcard.live', 6),
  ];
  await trx
    .insertInto('card_fields')
    .values(fields.map((f) => ({ id: randomId(), profile_id: profileId, label: f.label, content: f.content, icon: f.icon, status: f.status, type: f.type, position: Number(f.position) })))
    .execute();
  await trx
    .insertInto('services')
    .values([
      {
        id: randomId(),
        profile_id: profileId,
        service_image: galleryImage('Event production', 210),
        service_name: 'Event Production',
        service_description: 'End-to-end production of meetups, launches and conferences, with NFC check-in.',
        phone,
        link: 'https://tapcard.example/events',
        enable_enquiry: true,
        position: 1,
        created_at: now,
      },
      {
        id: randomId(),
        profile_id: profileId,
        service_image: galleryImage('Brand activations', 330),
        service_name: 'Brand Activations',
        service_description: 'Tap-to-connect booths and digital cards for your team at any show.',
        phone,
        link: 'https://tapcard.example/activations',
        enable_enquiry: true,
        position: 2,
        created_at: minutesBefore(now, -1),
      },
    ])
    .execute();

  await trx
    .insertInto('physical_cards')
    .values([
      { id: DEMO_ACTIVE_CARD.id, type: DEMO_CARD_TYPE, token_hash: scratchTokenHash(DEMO_ACTIVE_CARD.token), status: 'active', profile_id: profileId, created_at: now, activated_at: now },
      { id: DEMO_NEW_CARD.id, type: DEMO_CARD_TYPE, token_hash: scratchTokenHash(DEMO_NEW_CARD.token), status: 'new', profile_id: null, created_at: now, activated_at: null },
    ])
    .execute();

  await trx
    .insertInto('contacts')
    .values([
      { id: randomId(), profile_id: profileId, full_name: 'Chioma Okafor', title: 'Product Designer', phone: '2348021112233', email: 'chioma.okafor@example.com', device_type: DEMO_CARD_TYPE, created_at: minutesBefore(now, 180) },
      { id: randomId(), profile_id: profileId, full_name: 'Emeka Obi', title: 'Software Engineer', phone: '2348094445566', email: 'emeka.obi@example.com', device_type: DEMO_CARD_TYPE, created_at: minutesBefore(now, 60) },
    ])
    .execute();

  // ── The ongoing event ────────────────────────────────────────────────────
  const live = DEMO_LIVE_EVENT_ID;
  const start = localDate(now, 0);
  const end = localDate(now, 3);
  await trx
    .insertInto('events')
    .values({
      id: live,
      user_id: userId,
      title: DEMO_LIVE_EVENT_TITLE,
      description: 'An evening of demos, lightning talks and networking for builders in Lagos. Tap your card at the door, then say hello in the arena.',
      location: 'Landmark Centre, Victoria Island, Lagos',
      image: bannerImage(DEMO_LIVE_EVENT_TITLE, 'Demos, talks and networking', '#1e3a8a', '#7c3aed'),
      start_date: localMidnight(now, 0),
      end_date: localMidnight(now, 3),
      start_text: start,
      end_text: end,
      clean_name: cleanName(DEMO_LIVE_EVENT_TITLE),
      seq: 0,
      created_at: minutesBefore(now, 600),
      updated_at: minutesBefore(now, 600),
    })
    .execute();
  const prices = { Regular: randomId(), VIP: randomId() };
  const count = (ticket: DemoAttendee['ticket']) => ATTENDEES.filter((a) => a.ticket === ticket).length;
  await trx
    .insertInto('event_prices')
    .values([
      { id: prices.Regular, event_id: live, title: 'Regular', amount: 0, stock: 100, with_chips: false, sold: count('Regular'), position: 0 },
      { id: prices.VIP, event_id: live, title: 'VIP', amount: 15000, stock: 20, with_chips: true, sold: count('VIP'), position: 1 },
    ])
    .execute();
  await trx
    .insertInto('event_gallery')
    .values([
      { id: randomId(), event_id: live, name: 'Main hall', image: galleryImage('Main hall', 20), position: 0 },
      { id: randomId(), event_id: live, name: 'Demo booths', image: galleryImage('Demo booths', 140), position: 1 },
      { id: randomId(), event_id: live, name: 'Networking lounge', image: galleryImage('Networking lounge', 260), position: 2 },
    ])
    .execute();

  // Every change of the live event takes the next seq, as domain/event-sequence.ts does for live writes.
  let seq = 0;
  const next = () => (seq += 1);
  const ids = new Map<string, { id: string; name: string; image: string }>();
  for (const [i, a] of ATTENDEES.entries()) {
    const id = randomId();
    const image = avatarFor(a.name);
    ids.set(a.key, { id, name: a.name, image });
    await trx
      .insertInto('attendees')
      .values({
        id,
        event_id: live,
        price_id: prices[a.ticket],
        tid_hash: hashToken(demoTid(a.key)),
        name: a.name,
        email: `${a.key}@attendee.tapcard.local`,
        phone: `23480300000${i + 10}`,
        image,
        status: 'confirmed',
        checked_in: false,
        seq: next(),
        created_at: minutesBefore(now, 300 - i * 20),
      })
      .execute();
  }
  const person = (key: string) => {
    const p = ids.get(key);
    if (!p) throw new Error(`no demo attendee ${key}`);
    return p;
  };
  const adminId = adminIdOf(userId);
  const admin = { id: adminId, name: ADMIN_NAME, image: avatarFor(DEMO_NAME) };

  const group: [{ id: string; name: string; image: string }, string, number][] = [
    [admin, 'Welcome to TapCard Live! Doors are open and the first demo starts at 6pm.', 90],
    [person('ada'), 'Just checked in. The NFC tap at the door was instant!', 80],
    [person('bayo'), 'Hi all, Bayo here. I build payment APIs. Happy to chat about fintech.', 70],
    [person('chidinma'), 'Is anyone here working on health tech? Would love to connect.', 60],
    [person('david'), 'Chidinma, yes! Find me by the demo booths, blue shirt.', 55],
    [person('efe'), 'Where do we pick up the VIP lanyards?', 40],
    [admin, 'VIP lanyards are at the front desk, next to the coffee bar.', 35],
    [person('funke'), 'Great turnout tonight. Slides from the talks, please?', 20],
  ];
  for (const [who, message, ago] of group) {
    const at = minutesBefore(now, ago);
    await trx
      .insertInto('chats')
      .values({ id: randomId(), event_id: live, attendee_id: who.id, name: who.name, image: who.image, message, seq: next(), created_at: at, updated_at: at })
      .execute();
  }

  const ada = person('ada');
  const bayo = person('bayo');
  const chidinma = person('chidinma');
  const privateChats: [{ id: string; name: string; image: string }, string, string, number][] = [
    [ada, bayo.id, 'Hi Bayo! Loved your question in the Q&A. Coffee after the next talk?', 50],
    [bayo, ada.id, 'Sure, see you by the coffee bar.', 48],
    [chidinma, adminId, 'Hello, can I get a receipt for my ticket?', 30],
    [admin, chidinma.id, 'Of course, we will email it to you tonight.', 25],
  ];
  for (const [from, to, message, ago] of privateChats) {
    const at = minutesBefore(now, ago);
    await trx
      .insertInto('private_chats')
      .values({ id: randomId(), event_id: live, attendee_id: from.id, attendee_id_1: from.id, attendee_id_2: to, name: from.name, image: from.image, message, seq: next(), created_at: at, updated_at: at })
      .execute();
  }

  // The door's staff link (its secret is documented, so it is stored hashed like any other), through which Ada came in.
  await trx
    .insertInto('staff_links')
    .values({
      id: randomId(),
      event_id: live,
      secret_hash: hashToken(DEMO_STAFF_LINK_SECRET),
      label: DEMO_STAFF_LINK_LABEL,
      // A year after the event's last day, so the documented link keeps working for anyone trying the demo.
      expires_at: localMidnight(now, 4 + 365),
      created_by: userId,
      created_at: minutesBefore(now, 600),
    })
    .execute();
  for (const a of ATTENDEES.filter((x) => x.checkedIn)) {
    await trx
      .updateTable('attendees')
      .set({ checked_in: true, checked_in_at: minutesBefore(now, 85), checked_in_by: DEMO_STAFF_LINK_LABEL, seq: next() })
      .where('id', '=', person(a.key).id)
      .execute();
  }
  await trx
    .insertInto('chips')
    .values([
      { id: DEMO_CHIPS.bound, event_id: live, attendee_id: ada.id, seq: next(), created_at: minutesBefore(now, 100) },
      { id: DEMO_CHIPS.spare, event_id: live, attendee_id: null, seq: next(), created_at: minutesBefore(now, 100) },
    ])
    .execute();
  await trx.updateTable('events').set({ seq }).where('id', '=', live).execute();

  // ── One upcoming and one past event ──────────────────────────────────────
  const upcoming = 'Founders Breakfast: Lagos';
  await trx
    .insertInto('events')
    .values({
      id: DEMO_UPCOMING_EVENT_ID,
      user_id: userId,
      title: upcoming,
      description: 'Breakfast and honest conversations with early-stage founders. Limited seats.',
      location: 'Ikoyi Club, Lagos',
      image: bannerImage(upcoming, 'Breakfast with founders', '#065f46', '#0ea5e9'),
      start_date: new Date(now.getFullYear(), now.getMonth(), now.getDate() + 14, 9, 0),
      end_date: null,
      start_text: `${localDate(now, 14)}T09:00`,
      end_text: null,
      clean_name: cleanName(upcoming),
      created_at: minutesBefore(now, 500),
      updated_at: minutesBefore(now, 500),
    })
    .execute();
  await trx
    .insertInto('event_prices')
    .values({ id: randomId(), event_id: DEMO_UPCOMING_EVENT_ID, title: 'Regular', amount: 5000, stock: 40, with_chips: false, position: 0 })
    .execute();

  const past = 'Design Systems Meetup';
  await trx
    .insertInto('events')
    .values({
      id: DEMO_PAST_EVENT_ID,
      user_id: userId,
      title: past,
      description: 'Talks on design tokens, accessibility and component libraries.',
      location: 'CcHub, Yaba, Lagos',
      image: bannerImage(past, 'Tokens, accessibility, components', '#9a3412', '#f59e0b'),
      start_date: localMidnight(now, -30),
      end_date: localMidnight(now, -29),
      start_text: localDate(now, -30),
      end_text: localDate(now, -29),
      clean_name: cleanName(past),
      created_at: minutesBefore(now, 60 * 24 * 40),
      updated_at: minutesBefore(now, 60 * 24 * 40),
    })
    .execute();
  await trx
    .insertInto('event_prices')
    .values({ id: randomId(), event_id: DEMO_PAST_EVENT_ID, title: 'Free', amount: 0, stock: 60, with_chips: false, position: 0 })
    .execute();
}
