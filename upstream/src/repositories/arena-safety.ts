import type { BlockedAttendee, LiveState, Mute } from '@tapcard/shared/contract';
import type { DmPolicy } from '@tapcard/shared/rules';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { confirmedAttendeeOf } from './attendees.js';

/** What attendees choose in an arena (who may write to them, hiding, blocks) and the organiser's mute of them. */

type DbLike = Kysely<Database> | Transaction<Database>;

/** The mute an attendee row holds as of `now`: for good, until a later time, or none (null). */
export function muteOf(row: { muted_until: Date | null; muted_forever: boolean }, now: Date): Mute | null {
  if (row.muted_forever) return { until: null };
  if (row.muted_until && row.muted_until.getTime() > now.getTime()) return { until: row.muted_until.toISOString() };
  return null;
}

export interface AttendeeSafety {
  id: string;
  event_id: string;
  name: string;
  image: string;
  muted_until: Date | null;
  muted_forever: boolean;
  hidden: boolean;
  dm_policy: DmPolicy;
}

/** A confirmed attendee of the event with their safety state; undefined for anyone else. */
export async function attendeeSafety(db: DbLike, eventId: string, attendeeId: string): Promise<AttendeeSafety | undefined> {
  return confirmedAttendeeOf(db, eventId, attendeeId).select(['id', 'event_id', 'name', 'image', 'muted_until', 'muted_forever', 'hidden', 'dm_policy']).executeTakeFirst();
}

/** Sets who may write to the attendee and whether they hide, re-stamping them with the change's seq. */
export async function setAttendeeSettings(
  trx: Transaction<Database>,
  attendeeId: string,
  settings: { dm_policy?: DmPolicy | undefined; hidden?: boolean | undefined },
  seq: number,
): Promise<{ dm_policy: DmPolicy; hidden: boolean }> {
  return trx
    .updateTable('attendees')
    .set({
      seq,
      ...(settings.dm_policy === undefined ? {} : { dm_policy: settings.dm_policy }),
      ...(settings.hidden === undefined ? {} : { hidden: settings.hidden }),
    })
    .where('id', '=', attendeeId)
    .returning(['dm_policy', 'hidden'])
    .executeTakeFirstOrThrow();
}

/** Sets (or clears) the organiser's mute of an attendee, re-stamping them with the change's seq. */
export async function setMute(trx: Transaction<Database>, attendeeId: string, mute: { muted_until: Date | null; muted_forever: boolean }, seq: number): Promise<void> {
  await trx.updateTable('attendees').set({ ...mute, seq }).where('id', '=', attendeeId).execute();
}

/** The confirmed attendees of an event muted as of `now`, in name order. */
export async function mutedAttendees(db: DbLike, eventId: string, now: Date) {
  return db
    .selectFrom('attendees')
    .select(['id', 'name', 'image', 'muted_until', 'muted_forever'])
    .where('event_id', '=', eventId)
    .where('status', '=', 'confirmed')
    .where((eb) => eb.or([eb('muted_forever', '=', true), eb('muted_until', '>', now)]))
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/**
 * Slow mode's one conditional UPDATE: the attendee's group post is let through only if their previous
 * accepted one is at least `seconds` old, and then becomes the previous one. Parallel posts queue on
 * the attendee's row, so exactly one of them finds the old time. Answers null when let through, else
 * when the previous post was (the refusal's retry time is that plus `seconds`). With slow mode off
 * (0) the time is still recorded, so turning it on measures from the last post.
 */
export async function claimGroupPost(trx: Transaction<Database>, attendeeId: string, now: Date, seconds: number): Promise<Date | null> {
  const earliest = new Date(now.getTime() - seconds * 1000);
  const claimed = await trx
    .updateTable('attendees')
    .set({ last_group_post_at: now })
    .where('id', '=', attendeeId)
    .$if(seconds > 0, (q) => q.where((eb) => eb.or([eb('last_group_post_at', 'is', null), eb('last_group_post_at', '<=', earliest)])))
    .returning('id')
    .executeTakeFirst();
  if (claimed) return null;
  const row = await trx.selectFrom('attendees').select('last_group_post_at').where('id', '=', attendeeId).executeTakeFirstOrThrow();
  return row.last_group_post_at ?? now;
}

/** Whether `from` has ever sent `to` a private message in the event (the 'replied' policy's test). */
export async function hasWrittenTo(db: DbLike, eventId: string, from: string, to: string): Promise<boolean> {
  const row = await privateMessagesFromTo(db, eventId, from, to).select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** The private messages `from` sent `to` in the event, to select from. */
export function privateMessagesFromTo(db: DbLike, eventId: string, from: string, to: string) {
  return db.selectFrom('private_chats').where('event_id', '=', eventId).where('attendee_id_1', '=', from).where('attendee_id_2', '=', to);
}

// ── Blocks ───────────────────────────────────────────────────────────────────

/** Whether each of two attendees blocks the other now. */
export async function blocksBetween(db: DbLike, a: string, b: string): Promise<{ aBlocksB: boolean; bBlocksA: boolean }> {
  const rows = await db
    .selectFrom('attendee_blocks')
    .select(['blocker_id', 'blocked_id'])
    .where('active', '=', true)
    .where((eb) => eb.or([eb.and([eb('blocker_id', '=', a), eb('blocked_id', '=', b)]), eb.and([eb('blocker_id', '=', b), eb('blocked_id', '=', a)])]))
    .execute();
  return { aBlocksB: rows.some((r) => r.blocker_id === a), bBlocksA: rows.some((r) => r.blocker_id === b) };
}

/** How many attendees `blockerId` blocks now, and whether `blockedId` is one of them. */
export async function blockCount(db: DbLike, blockerId: string, blockedId: string): Promise<{ count: number; includes: boolean }> {
  const row = await db
    .selectFrom('attendee_blocks')
    .select([sql<number>`count(*)::int`.as('n'), sql<boolean>`coalesce(bool_or(blocked_id = ${blockedId}), false)`.as('includes')])
    .where('blocker_id', '=', blockerId)
    .where('active', '=', true)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), includes: row.includes };
}

/** Blocks (or unblocks) an attendee: one row per pair, re-stamped with the change's seq at every change. */
export async function setBlock(trx: Transaction<Database>, eventId: string, blockerId: string, blockedId: string, active: boolean, seq: number, now: Date): Promise<void> {
  await trx
    .insertInto('attendee_blocks')
    .values({ event_id: eventId, blocker_id: blockerId, blocked_id: blockedId, active, seq, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doUpdateSet({ active, seq, updated_at: now }))
    .execute();
}

/** The ids of the attendees `blockerId` blocks now, oldest block first. */
export async function blockedIds(db: DbLike, blockerId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('attendee_blocks')
    .select('blocked_id')
    .where('blocker_id', '=', blockerId)
    .where('active', '=', true)
    .orderBy('created_at')
    .orderBy('blocked_id')
    .execute();
  return rows.map((r) => r.blocked_id);
}

/** The attendees `blockerId` blocks now, named, oldest block first. */
export async function blockedAttendees(db: DbLike, blockerId: string): Promise<BlockedAttendee[]> {
  return db
    .selectFrom('attendee_blocks')
    .innerJoin('attendees', 'attendees.id', 'attendee_blocks.blocked_id')
    .select(['attendees.id', 'attendees.name', 'attendees.image'])
    .where('attendee_blocks.blocker_id', '=', blockerId)
    .where('attendee_blocks.active', '=', true)
    .orderBy('attendee_blocks.created_at')
    .orderBy('attendees.id')
    .execute();
}

/** The event's blocks for the live state: changed in (since, version], or (without bounds) those in force. */
export async function liveBlocks(db: DbLike, eventId: string, bounds?: { since: number; version: number }): Promise<LiveState['blocks']> {
  let q = db.selectFrom('attendee_blocks').select(['blocker_id', 'blocked_id', 'active']).where('event_id', '=', eventId);
  q = bounds ? q.where('seq', '>', bounds.since).where('seq', '<=', bounds.version) : q.where('active', '=', true);
  return q.orderBy('seq').orderBy('blocker_id').orderBy('blocked_id').execute();
}
