import type { MessageAudience } from '@tapcard/shared/rules';
import type { OrganiserMessage } from '@tapcard/shared/contract';
import { messageAudienceSchema } from '@tapcard/shared/rules';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, NewRow, Row } from '../db/schema.js';

/** The organiser's messages to an event's attendees: audiences, the messages, their deliveries and unsubscribes. */

type DbLike = Kysely<Database> | Transaction<Database>;

/** The confirmed attendees of event `eventId` in `audience`. */
function audienceQuery(db: DbLike, eventId: string, audience: MessageAudience) {
  let query = db.selectFrom('attendees').where('attendees.event_id', '=', eventId).where('attendees.status', '=', 'confirmed');
  switch (audience.kind) {
    case 'everyone':
      break;
    case 'ticket':
      query = query.where('attendees.price_id', '=', audience.price_id);
      break;
    case 'checked_in':
      query = query.where('attendees.checked_in', '=', true);
      break;
    case 'not_checked_in':
    case 'no_show':
      query = query.where('attendees.checked_in', '=', false);
      break;
    case 'attendee':
      query = query.where('attendees.id', '=', audience.attendee_id);
      break;
  }
  return query;
}

/** Whether an attendee's email stopped the event's messages (the attendees row is `attendees`). */
const unsubscribed = (eventId: string) =>
  sql<boolean>`exists (select 1 from message_unsubscribes u where u.event_id = ${eventId} and u.email = lower(attendees.email))`;

/** How many people (distinct emails, without those who unsubscribed) the audience reaches now. */
export async function audienceCount(db: DbLike, eventId: string, audience: MessageAudience): Promise<number> {
  const row = await audienceQuery(db, eventId, audience)
    .select(sql<number>`count(distinct lower(attendees.email))::int`.as('n'))
    .where(sql<boolean>`not ${unsubscribed(eventId)}`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface Recipient {
  /** Lower-cased. */
  email: string;
  name: string;
}

/** The audience's recipients: one per email (the earliest registration's name), without those who unsubscribed. */
export async function audienceRecipients(db: DbLike, eventId: string, audience: MessageAudience): Promise<Recipient[]> {
  const rows = await audienceQuery(db, eventId, audience)
    .select(['attendees.email', 'attendees.name'])
    .where(sql<boolean>`not ${unsubscribed(eventId)}`)
    .orderBy('attendees.created_at')
    .orderBy('attendees.id')
    .execute();
  const byEmail = new Map<string, Recipient>();
  for (const row of rows) {
    const email = row.email.toLowerCase();
    if (!byEmail.has(email)) byEmail.set(email, { email, name: row.name });
  }
  return [...byEmail.values()];
}

/** The ids of the audience's attendees (their arenas show the message), unsubscribed or not. */
export async function audienceAttendeeIds(db: DbLike, eventId: string, audience: MessageAudience): Promise<string[]> {
  const rows = await audienceQuery(db, eventId, audience).select('attendees.id').orderBy('attendees.id').execute();
  return rows.map((r) => r.id);
}

/** Whether the ticket type belongs to the event. */
export async function eventHasPrice(db: DbLike, eventId: string, priceId: string): Promise<boolean> {
  return (await db.selectFrom('event_prices').select('id').where('id', '=', priceId).where('event_id', '=', eventId).executeTakeFirst()) !== undefined;
}

/** Whether the attendee is a confirmed attendee of the event. */
export async function eventHasAttendee(db: DbLike, eventId: string, attendeeId: string): Promise<boolean> {
  return (await audienceQuery(db, eventId, { kind: 'attendee', attendee_id: attendeeId }).select('attendees.id').executeTakeFirst()) !== undefined;
}

// ── Messages ────────────────────────────────────────────────────────────────

export async function insertMessage(db: DbLike, message: NewRow<'event_messages'>): Promise<Row<'event_messages'>> {
  return db.insertInto('event_messages').values(message).returningAll().executeTakeFirstOrThrow();
}

export async function messageById(db: DbLike, eventId: string, messageId: string): Promise<Row<'event_messages'> | undefined> {
  return db.selectFrom('event_messages').selectAll().where('id', '=', messageId).where('event_id', '=', eventId).executeTakeFirst();
}

/** Changes a message only while it is scheduled (one statement): undefined once it went or was cancelled. */
export async function updateScheduledMessage(
  db: DbLike,
  eventId: string,
  messageId: string,
  values: Pick<Row<'event_messages'>, 'subject' | 'body' | 'audience' | 'send_at' | 'updated_at'>,
): Promise<Row<'event_messages'> | undefined> {
  return db
    .updateTable('event_messages')
    .set(values)
    .where('id', '=', messageId)
    .where('event_id', '=', eventId)
    .where('status', '=', 'scheduled')
    .returningAll()
    .executeTakeFirst();
}

/** Cancels a message only while it is scheduled (one statement): undefined once it went or was cancelled. */
export async function cancelScheduledMessage(db: DbLike, eventId: string, messageId: string, now: Date): Promise<Row<'event_messages'> | undefined> {
  return db
    .updateTable('event_messages')
    .set({ status: 'cancelled', updated_at: now })
    .where('id', '=', messageId)
    .where('event_id', '=', eventId)
    .where('status', '=', 'scheduled')
    .returningAll()
    .executeTakeFirst();
}

/**
 * Claims, in one statement, every scheduled message whose time has come and every claim made before
 * `lapsedBefore` that never ended in a send (its upstream stopped): each row passes to 'sending' with a
 * fresh claim time, so of two callers at the same time each message goes to one of them.
 */
export async function claimDueMessages(db: DbLike, now: Date, lapsedBefore: Date): Promise<Row<'event_messages'>[]> {
  return db
    .updateTable('event_messages')
    .set({ status: 'sending', updated_at: now })
    .where((eb) => eb.or([eb.and([eb('status', '=', 'scheduled'), eb('send_at', '<=', now)]), eb.and([eb('status', '=', 'sending'), eb('updated_at', '<', lapsedBefore)])]))
    .returningAll()
    .execute();
}

/** The message, locked until the transaction ends: a second sender waits, then sees it sent. */
export async function lockMessage(trx: Transaction<Database>, messageId: string): Promise<Row<'event_messages'> | undefined> {
  return trx.selectFrom('event_messages').selectAll().where('id', '=', messageId).forUpdate().executeTakeFirst();
}

export async function markMessageSent(db: DbLike, messageId: string, now: Date, announced: boolean): Promise<Row<'event_messages'>> {
  return db.updateTable('event_messages').set({ status: 'sent', sent_at: now, updated_at: now, announced }).where('id', '=', messageId).returningAll().executeTakeFirstOrThrow();
}

/**
 * Moves the event's still-scheduled after-event mails to `sendAt` (the event's dates changed); a mail
 * already claimed or sent stays as it went.
 */
export async function moveAfterEventMails(db: DbLike, eventId: string, sendAt: Date, now: Date): Promise<void> {
  await db
    .updateTable('event_messages')
    .set({ send_at: sendAt, updated_at: now })
    .where('event_id', '=', eventId)
    .where('kind', 'is not', null)
    .where('status', '=', 'scheduled')
    .execute();
}

/** Whether `error` is the refusal of a second after-event mail of one kind for an event (migration 033's index). */
export function isAfterEventMailClash(error: unknown): boolean {
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown } | null;
  if (e?.code !== '23505') return false;
  const text = `${typeof e.constraint === 'string' ? e.constraint : ''} ${typeof e.message === 'string' ? e.message : ''}`;
  return text.includes('event_messages_after_event_once');
}

type Counts = OrganiserMessage['counts'];

/** The event's messages, newest first, with their deliveries counted by outcome. */
export async function eventMessages(db: DbLike, eventId: string, limit: number): Promise<{ row: Row<'event_messages'>; counts: Counts }[]> {
  const rows = await db.selectFrom('event_messages').selectAll().where('event_id', '=', eventId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  if (rows.length === 0) return [];
  const tallies = await db
    .selectFrom('message_deliveries')
    .select(['message_id', 'status', sql<number>`count(*)::int`.as('n')])
    .where(
      'message_id',
      'in',
      rows.map((r) => r.id),
    )
    .groupBy(['message_id', 'status'])
    .execute();
  return rows.map((row) => {
    const counts: Counts = { queued: 0, sent: 0, failed: 0 };
    for (const t of tallies) if (t.message_id === row.id) counts[t.status] = Number(t.n);
    return { row, counts };
  });
}

export async function messageCounts(db: DbLike, messageId: string): Promise<Counts> {
  const tallies = await db.selectFrom('message_deliveries').select(['status', sql<number>`count(*)::int`.as('n')]).where('message_id', '=', messageId).groupBy('status').execute();
  const counts: Counts = { queued: 0, sent: 0, failed: 0 };
  for (const t of tallies) counts[t.status] = Number(t.n);
  return counts;
}

/** The stored audience, read back with the shared schema. */
export function storedAudience(row: Pick<Row<'event_messages'>, 'audience'>): MessageAudience {
  return messageAudienceSchema.parse(JSON.parse(row.audience));
}

// ── Deliveries and unsubscribes ─────────────────────────────────────────────

/** Rows per insert: well under PostgreSQL's 65,535 parameters of one statement. */
const DELIVERY_BATCH = 1000;

export async function insertDeliveries(db: DbLike, rows: NewRow<'message_deliveries'>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += DELIVERY_BATCH) {
    await db
      .insertInto('message_deliveries')
      .values(rows.slice(i, i + DELIVERY_BATCH))
      .onConflict((oc) => oc.columns(['message_id', 'email']).doNothing())
      .execute();
  }
}

/** Records a delivery's outcome (the mail queue calls it); a queued one only, so 'sent' or 'failed' stays. */
export async function settleDelivery(db: DbLike, deliveryId: string, status: 'sent' | 'failed', now: Date): Promise<void> {
  await db.updateTable('message_deliveries').set({ status, updated_at: now }).where('id', '=', deliveryId).where('status', '=', 'queued').execute();
}

/** The delivery an unsubscribe token (its hash) was made for, with its event's title. */
export async function deliveryByUnsubscribeHash(db: DbLike, hash: string) {
  return db
    .selectFrom('message_deliveries')
    .innerJoin('events', 'events.id', 'message_deliveries.event_id')
    .select(['message_deliveries.event_id', 'message_deliveries.email', 'events.title'])
    .where('message_deliveries.unsubscribe_hash', '=', hash)
    .executeTakeFirst();
}

export async function isUnsubscribed(db: DbLike, eventId: string, email: string): Promise<boolean> {
  const row = await db.selectFrom('message_unsubscribes').select('email').where('event_id', '=', eventId).where('email', '=', email.toLowerCase()).executeTakeFirst();
  return row !== undefined;
}

/** Stops the event's messages to `email`; a repeat changes nothing. */
export async function unsubscribe(db: DbLike, eventId: string, email: string): Promise<void> {
  await db.insertInto('message_unsubscribes').values({ event_id: eventId, email: email.toLowerCase() }).onConflict((oc) => oc.columns(['event_id', 'email']).doNothing()).execute();
}
