import { sharedCardSchema, type Announcement, type ChatReport, type ChatSettings, type ModerationAction } from '@tapcard/shared/contract';
import type { ChatRoomKind } from '@tapcard/shared/rules';
import type { Kysely, Transaction } from 'kysely';
import type { Database, NewRow, Row } from '../db/schema.js';
import { changedWithin } from './changed-rows.js';

/** The organiser's side of an event's chats: settings, removed messages, reports, pinned announcements and the log. */

type DbLike = Kysely<Database> | Transaction<Database>;

const iso = (date: Date): string => date.toISOString();

export function chatSettingsOf(event: Pick<Row<'events'>, 'chat_closed' | 'slow_mode_seconds'>): ChatSettings {
  return { closed: event.chat_closed, slow_mode_seconds: event.slow_mode_seconds };
}

/** The group chat's settings as they stand (read under the event row's lock inside a change). */
export async function chatSettingsNow(db: DbLike, eventId: string): Promise<ChatSettings> {
  return chatSettingsOf(await db.selectFrom('events').select(['chat_closed', 'slow_mode_seconds']).where('id', '=', eventId).executeTakeFirstOrThrow());
}

export async function setChatSettings(trx: Transaction<Database>, eventId: string, settings: ChatSettings): Promise<void> {
  await trx.updateTable('events').set({ chat_closed: settings.closed, slow_mode_seconds: settings.slow_mode_seconds }).where('id', '=', eventId).execute();
}

// ── Messages ─────────────────────────────────────────────────────────────────

/** What a moderation step needs of a message of either room. */
export interface StoredMessage {
  id: string;
  room: ChatRoomKind;
  author_id: string;
  author_name: string;
  /** The recipient of a private message (null in the group chat). */
  recipient_id: string | null;
  message: string;
  removed: boolean;
}

/** A message of the event in `room`; undefined when there is none. */
export async function messageOf(db: DbLike, eventId: string, room: ChatRoomKind, messageId: string): Promise<StoredMessage | undefined> {
  if (room === 'group') {
    const row = await db.selectFrom('chats').select(['id', 'attendee_id', 'name', 'message', 'removed_at']).where('id', '=', messageId).where('event_id', '=', eventId).executeTakeFirst();
    return row && { id: row.id, room, author_id: row.attendee_id, author_name: row.name, recipient_id: null, message: row.message, removed: row.removed_at !== null };
  }
  const row = await db
    .selectFrom('private_chats')
    .select(['id', 'attendee_id_1', 'attendee_id_2', 'name', 'message', 'card', 'removed_at'])
    .where('id', '=', messageId)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return row && { id: row.id, room, author_id: row.attendee_id_1, author_name: row.name, recipient_id: row.attendee_id_2, message: row.card ? describeCard(row.card) : row.message, removed: row.removed_at !== null };
}

/** A shared card in words, for the report that copies it (a card message has no text of its own). */
function describeCard(json: string): string {
  const parsed = sharedCardSchema.safeParse(JSON.parse(json));
  if (!parsed.success) return 'Shared a card';
  const card = parsed.data;
  return card.kind === 'card'
    ? `Shared a card: ${card.title}, ${card.sub_title} (${card.link})`
    : `Shared details: ${card.full_name}, ${card.title}, ${card.phone}, ${card.email}`;
}

/** Removes a message for everyone (its text stays for the log), re-stamped with the change's seq; false when it already was. */
export async function removeMessage(trx: Transaction<Database>, room: ChatRoomKind, messageId: string, by: string, now: Date, seq: number): Promise<boolean> {
  const table = room === 'group' ? 'chats' : 'private_chats';
  const result = await trx
    .updateTable(table)
    .set({ removed_at: now, removed_by: by, updated_at: now, seq })
    .where('id', '=', messageId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

// ── Reports ──────────────────────────────────────────────────────────────────

export function reportWire(row: Row<'chat_reports'>): ChatReport {
  return {
    id: row.id,
    event_id: row.event_id,
    message_id: row.message_id,
    room: row.room,
    reported_attendee_id: row.reported_attendee_id,
    reported_name: row.reported_name,
    reported_text: row.reported_text,
    reporter_id: row.reporter_id,
    reporter_name: row.reporter_name,
    reason: row.reason,
    details: row.details,
    status: row.status,
    created_at: iso(row.created_at),
    handled_at: row.handled_at ? iso(row.handled_at) : null,
    seq: row.seq,
  };
}

/** The report `reporterId` made of a message, if any (one per reporter and message). */
export async function reportBy(db: DbLike, reporterId: string, room: ChatRoomKind, messageId: string): Promise<Row<'chat_reports'> | undefined> {
  return db.selectFrom('chat_reports').selectAll().where('reporter_id', '=', reporterId).where('room', '=', room).where('message_id', '=', messageId).executeTakeFirst();
}

/** Stores a report; undefined when the reporter had already reported the message (the unique index). */
export async function insertReport(trx: Transaction<Database>, report: NewRow<'chat_reports'>): Promise<Row<'chat_reports'> | undefined> {
  return trx
    .insertInto('chat_reports')
    .values(report)
    .onConflict((oc) => oc.columns(['reporter_id', 'room', 'message_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function reportById(db: DbLike, eventId: string, reportId: string): Promise<Row<'chat_reports'> | undefined> {
  return db.selectFrom('chat_reports').selectAll().where('id', '=', reportId).where('event_id', '=', eventId).executeTakeFirst();
}

/** Whether anyone reported the message (a private message may be removed only then). */
export async function isReported(db: DbLike, eventId: string, room: ChatRoomKind, messageId: string): Promise<boolean> {
  const row = await db.selectFrom('chat_reports').select('id').where('event_id', '=', eventId).where('room', '=', room).where('message_id', '=', messageId).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Marks a report handled, re-stamped with the change's seq. */
export async function setReportStatus(
  trx: Transaction<Database>,
  reportId: string,
  status: 'resolved' | 'dismissed',
  by: string,
  now: Date,
  seq: number,
): Promise<Row<'chat_reports'>> {
  return trx.updateTable('chat_reports').set({ status, handled_at: now, handled_by: by, seq }).where('id', '=', reportId).returningAll().executeTakeFirstOrThrow();
}

/** Resolves every open report of a message (it was removed), re-stamped with the change's seq. */
export async function resolveReportsOf(trx: Transaction<Database>, eventId: string, room: ChatRoomKind, messageId: string, by: string, now: Date, seq: number): Promise<void> {
  await trx
    .updateTable('chat_reports')
    .set({ status: 'resolved', handled_at: now, handled_by: by, seq })
    .where('event_id', '=', eventId)
    .where('room', '=', room)
    .where('message_id', '=', messageId)
    .where('status', '=', 'open')
    .execute();
}

/** The event's reports, newest first, at most `limit`. */
export async function eventReports(db: DbLike, eventId: string, limit: number): Promise<ChatReport[]> {
  const rows = await db.selectFrom('chat_reports').selectAll().where('event_id', '=', eventId).orderBy('created_at', 'desc').orderBy('seq', 'desc').limit(limit).execute();
  return rows.map(reportWire);
}

/** Reports filed or handled in (since, version], oldest change first; at most `limit` + 1 (more means: read them all). */
export async function changedReports(db: DbLike, eventId: string, since: number, version: number, limit: number): Promise<ChatReport[]> {
  const rows = await db.selectFrom('chat_reports').selectAll().$call(changedWithin(eventId, { since, version })).limit(limit + 1).execute();
  return rows.map(reportWire);
}

// ── Announcements ────────────────────────────────────────────────────────────

/** The announcement as the live state carries it: an organiser's message with its subject and audience. */
export function announcementWire(row: Row<'announcements'>): Announcement {
  const base = { id: row.id, event_id: row.event_id, message: row.message, pinned: row.pinned, created_at: iso(row.created_at), seq: row.seq };
  if (row.message_id === null) return base;
  return { ...base, subject: row.subject, recipients: row.recipients === null ? null : (JSON.parse(row.recipients) as string[]) };
}

/** Whether `attendeeId` (null: anyone, as a chip page) may see the announcement: it is for everyone, or for them. */
export function announcementFor(announcement: Announcement, attendeeId: string | null): boolean {
  const recipients = announcement.recipients ?? null;
  return recipients === null || (attendeeId !== null && recipients.includes(attendeeId));
}

/** The announcement as an attendee's screen shows it: without its audience's list. */
export function shownAnnouncement({ recipients: _recipients, ...announcement }: Announcement): Announcement {
  return announcement;
}

/** The announcements pinned now, newest first, with their audiences (the live state's). */
export async function pinnedAnnouncements(db: DbLike, eventId: string): Promise<Announcement[]> {
  const rows = await db.selectFrom('announcements').selectAll().where('event_id', '=', eventId).where('pinned', '=', true).orderBy('seq', 'desc').execute();
  return rows.map(announcementWire);
}

/** The announcements pinned now that `attendeeId` may see (null: those for everyone), without audiences. */
export async function pinnedAnnouncementsFor(db: DbLike, eventId: string, attendeeId: string | null): Promise<Announcement[]> {
  return (await pinnedAnnouncements(db, eventId)).filter((a) => announcementFor(a, attendeeId)).map(shownAnnouncement);
}

/** Announcements pinned or unpinned in (since, version], oldest change first. */
export async function changedAnnouncements(db: DbLike, eventId: string, since: number, version: number): Promise<Announcement[]> {
  const rows = await db.selectFrom('announcements').selectAll().$call(changedWithin(eventId, { since, version })).execute();
  return rows.map(announcementWire);
}

export async function pinnedCount(db: DbLike, eventId: string): Promise<number> {
  // The organiser's messages shown in the arena do not take the moderators' pins.
  const rows = await db.selectFrom('announcements').select('id').where('event_id', '=', eventId).where('pinned', '=', true).where('message_id', 'is', null).execute();
  return rows.length;
}

export async function insertAnnouncement(trx: Transaction<Database>, announcement: NewRow<'announcements'>): Promise<Row<'announcements'>> {
  return trx.insertInto('announcements').values(announcement).returningAll().executeTakeFirstOrThrow();
}

export async function announcementById(db: DbLike, eventId: string, announcementId: string): Promise<Row<'announcements'> | undefined> {
  return db.selectFrom('announcements').selectAll().where('id', '=', announcementId).where('event_id', '=', eventId).executeTakeFirst();
}

/** Unpins an announcement, re-stamped with the change's seq; false when it was not pinned. */
export async function unpinAnnouncement(trx: Transaction<Database>, announcementId: string, now: Date, seq: number): Promise<boolean> {
  const result = await trx.updateTable('announcements').set({ pinned: false, unpinned_at: now, seq }).where('id', '=', announcementId).where('pinned', '=', true).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

// ── The log ──────────────────────────────────────────────────────────────────

export async function logModeration(trx: Transaction<Database>, action: NewRow<'moderation_actions'>): Promise<void> {
  await trx.insertInto('moderation_actions').values(action).execute();
}

/** The event's moderation log, newest first, at most `limit`. */
export async function moderationLog(db: DbLike, eventId: string, limit: number): Promise<ModerationAction[]> {
  const rows = await db
    .selectFrom('moderation_actions')
    .selectAll()
    .where('event_id', '=', eventId)
    .orderBy('seq', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    actor_name: r.actor_name,
    actor_id: r.actor_id,
    target_attendee_id: r.target_attendee_id,
    target_name: r.target_name,
    message_id: r.message_id,
    details: r.details,
    created_at: iso(r.created_at),
  }));
}
