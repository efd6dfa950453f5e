import type { LiveState } from '@tapcard/shared/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { GROUP_CHAT_LIMIT, LIVE_REPORTS_LIMIT, PRIVATE_CHAT_LIMIT } from '@tapcard/shared/constants';
import { liveBlocks, muteOf } from './arena-safety.js';
import { changedWithin, newestUpTo } from './changed-rows.js';
import { chatWire, privateChatWire } from './chat-wire.js';
import { eventSummary } from './event-wire.js';
import { eventById } from './events.js';
import { changedAnnouncements, changedReports, chatSettingsOf, eventReports, pinnedAnnouncements } from './moderation.js';

/**
 * The gateway poller's read of one event (service key). `version` is the event's change counter
 * (domain/event-sequence.ts). With `since`, only rows stamped `since < seq <= version` come back, each read
 * by an (event_id, seq) index, so a poll costs what changed, not the size of the history. Rows
 * stamped after `version` (committed while this read runs) are left for the next poll, so every
 * change is delivered exactly once.
 *
 * The answer is `full` (the newest GROUP_CHAT_LIMIT group and PRIVATE_CHAT_LIMIT private messages,
 * every confirmed attendee, every chip, the pinned announcements, the blocks in force and the newest
 * LIVE_REPORTS_LIMIT reports) when `since` is absent or 0, when it lies ahead of the counter (a
 * restored database), or when more messages or reports changed than a full read carries.
 *
 * A moderation step is a change like a post: a removed message is re-stamped, so it comes again with
 * `removed` and no text; a mute, a hidden attendee or a new DM policy re-stamps the attendee; blocks,
 * reports and announcements are rows stamped per change. The group chat's settings (`chat`) come
 * with every answer, as they stand. Mutes are given as of `now`.
 */
export async function liveState(db: Kysely<Database>, eventId: string, since: number | undefined, now: Date): Promise<LiveState> {
  const event = await eventById(db, eventId);
  const version = event.seq;
  const head = { event: { ...eventSummary(event), user_id: event.user_id }, version, chat: chatSettingsOf(event) };

  if (since !== undefined && since > 0 && since <= version) {
    const bounds = { since, version };
    const [chats, privateChats, attendees, chips, announcements, blocks, reports] = await Promise.all([
      db.selectFrom('chats').selectAll().$call(changedWithin(eventId, bounds)).limit(GROUP_CHAT_LIMIT + 1).execute(),
      db.selectFrom('private_chats').selectAll().$call(changedWithin(eventId, bounds)).limit(PRIVATE_CHAT_LIMIT + 1).execute(),
      liveAttendees(db, eventId, now, bounds),
      db.selectFrom('chips').select(['id', 'attendee_id']).$call(changedWithin(eventId, bounds)).execute(),
      changedAnnouncements(db, eventId, since, version),
      liveBlocks(db, eventId, bounds),
      changedReports(db, eventId, since, version, LIVE_REPORTS_LIMIT),
    ]);
    if (chats.length <= GROUP_CHAT_LIMIT && privateChats.length <= PRIVATE_CHAT_LIMIT && reports.length <= LIVE_REPORTS_LIMIT) {
      return {
        ...head,
        full: false,
        chats: chats.map(chatWire),
        private_chats: privateChats.map(privateChatWire),
        attendees,
        chips,
        announcements,
        blocks,
        reports,
      };
    }
  }

  const [chats, privateChats, attendees, chips, announcements, blocks, reports] = await Promise.all([
    db.selectFrom('chats').selectAll().$call(newestUpTo(eventId, version, GROUP_CHAT_LIMIT)).execute(),
    db.selectFrom('private_chats').selectAll().$call(newestUpTo(eventId, version, PRIVATE_CHAT_LIMIT)).execute(),
    liveAttendees(db, eventId, now),
    db.selectFrom('chips').select(['id', 'attendee_id']).where('event_id', '=', eventId).orderBy('created_at').orderBy('id').execute(),
    pinnedAnnouncements(db, eventId),
    liveBlocks(db, eventId),
    eventReports(db, eventId, LIVE_REPORTS_LIMIT),
  ]);
  return {
    ...head,
    full: true,
    chats: chats.reverse().map(chatWire),
    private_chats: privateChats.reverse().map(privateChatWire),
    attendees,
    chips,
    announcements,
    blocks,
    reports,
  };
}

/**
 * Confirmed attendees, and those who transferred their ticket (`transferred`) or whose ticket was
 * cancelled (`cancelled`; not an unpaid hold that lapsed), so that views drop them and doors refuse
 * their QR codes, with check-in (when and by whom), their safety state (mute as of `now`, hidden,
 * DM policy; the gateway passes these only to the organisers and the attendee themselves) and seq;
 * with bounds, only those changed in (since, version]. A full read takes every attendee as it stands:
 * an attendee is replaced, never appended, so one changed after `version` is simply seen again by the
 * next poll.
 */
async function liveAttendees(db: Kysely<Database>, eventId: string, now: Date, bounds?: { since: number; version: number }): Promise<LiveState['attendees']> {
  let q = db
    .selectFrom('attendees')
    .innerJoin('event_prices', 'event_prices.id', 'attendees.price_id')
    .select([
      'attendees.id',
      'attendees.name',
      'attendees.image',
      'attendees.checked_in',
      'attendees.checked_in_at',
      'attendees.checked_in_by',
      'attendees.muted_until',
      'attendees.muted_forever',
      'attendees.hidden',
      'attendees.dm_policy',
      'attendees.status',
      'attendees.seq',
      'event_prices.title as price_category',
    ])
    .where('attendees.event_id', '=', eventId)
    .where((eb) => eb.or([eb('attendees.status', 'in', ['confirmed', 'transferred']), eb.and([eb('attendees.status', '=', 'cancelled'), eb('attendees.cancelled_at', 'is not', null)])]));
  if (bounds) q = q.where('attendees.seq', '>', bounds.since).where('attendees.seq', '<=', bounds.version);
  const rows = await q.orderBy('attendees.seq').orderBy('attendees.id').execute();
  return rows.map((a) => ({
    id: a.id,
    name: a.name,
    image: a.image,
    price_category: a.price_category,
    checked_in: a.checked_in,
    checked_in_at: a.checked_in_at ? a.checked_in_at.toISOString() : null,
    checked_in_by: a.checked_in_by,
    mute: muteOf(a, now),
    hidden: a.hidden,
    dm_policy: a.dm_policy,
    ...(a.status === 'transferred' ? { transferred: true } : {}),
    ...(a.status === 'cancelled' ? { cancelled: true } : {}),
    seq: a.seq,
  }));
}
