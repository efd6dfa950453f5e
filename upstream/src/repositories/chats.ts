import { GROUP_CHAT_LIMIT, PRIVATE_CHAT_LIMIT } from '@tapcard/shared/constants';
import type { ChatMessage, PrivateChat, SharedCard } from '@tapcard/shared/contract';
import type { Transaction } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database, Row } from '../db/schema.js';
import { randomId } from '../lib/crypto.js';
import { inEventChange } from '../domain/event-sequence.js';
import { badRequest } from '../lib/http-error.js';
import { RECIPIENT_MESSAGE } from '../domain/chat.js';
import { confirmedAttendeeOf } from './attendees.js';
import { chatWire, privateChatWire } from './chat-wire.js';

/** Who a message is stored under: an attendee, or the organiser as 'admin-<id>' named ADMIN. */
export interface Poster {
  id: string;
  name: string;
  image: string;
}

/** Inserts a group message inside a change of the event, stamped with its seq. */
export async function insertGroupChat(trx: Transaction<Database>, eventId: string, poster: Poster, message: string, now: Date, seq: number): Promise<Row<'chats'>> {
  return trx
    .insertInto('chats')
    .values({ id: randomId(), event_id: eventId, attendee_id: poster.id, name: poster.name, image: poster.image, message, seq, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Inserts a private message (a shared card when `card` is set) inside a change of the event, stamped with its seq. */
export async function insertPrivateChat(
  trx: Transaction<Database>,
  eventId: string,
  poster: Poster,
  recipientId: string,
  message: string,
  now: Date,
  seq: number,
  card?: SharedCard,
): Promise<Row<'private_chats'>> {
  return trx
    .insertInto('private_chats')
    .values({
      id: randomId(),
      event_id: eventId,
      attendee_id: poster.id,
      attendee_id_1: poster.id,
      attendee_id_2: recipientId,
      name: poster.name,
      image: poster.image,
      message,
      card: card ? JSON.stringify(card) : null,
      seq,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Stores a group message as one change of the event (its seq orders it for live readers); the organiser's posts, never refused. */
export async function storeGroupChat(db: Db, eventId: string, poster: Poster, message: string, now: Date): Promise<ChatMessage> {
  return chatWire(await inEventChange(db, eventId, (trx, seq) => insertGroupChat(trx, eventId, poster, message, now, seq)));
}

/** Stores a private message from `poster` to `recipientId` as one change of the event; the organiser's posts, never refused. */
export async function storePrivateChat(db: Db, eventId: string, poster: Poster, recipientId: string, message: string, now: Date): Promise<PrivateChat> {
  return privateChatWire(await inEventChange(db, eventId, (trx, seq) => insertPrivateChat(trx, eventId, poster, recipientId, message, now, seq)));
}

/** Throws 400 (under attendee_id_2) unless `attendeeId` is a confirmed attendee of the event. */
export async function requireConfirmedAttendee(db: Db, eventId: string, attendeeId: string): Promise<void> {
  const found = await confirmedAttendeeOf(db, eventId, attendeeId).select('id').executeTakeFirst();
  if (!found) throw badRequest(RECIPIENT_MESSAGE, 'attendee_id_2');
}

/**
 * Up to `limit` group messages of an event stored before `before` (a seq), oldest first, read newest
 * first by the (event_id, seq) index; `has_more` when older ones remain.
 */
export async function groupChatsBefore(db: Db, eventId: string, before: number, limit: number): Promise<{ chats: ChatMessage[]; has_more: boolean }> {
  const rows = await db
    .selectFrom('chats')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('seq', '<', before)
    .orderBy('seq', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit).reverse();
  return { chats: page.map(chatWire), has_more: rows.length > limit };
}

/** The newest group messages of an event, oldest first (index (event_id, seq)). */
export async function recentChats(db: Db, eventId: string, limit = GROUP_CHAT_LIMIT, maxSeq?: number): Promise<ChatMessage[]> {
  let q = db.selectFrom('chats').selectAll().where('event_id', '=', eventId);
  if (maxSeq !== undefined) q = q.where('seq', '<=', maxSeq);
  const rows = await q.orderBy('seq', 'desc').limit(limit).execute();
  return rows.reverse().map(chatWire);
}

/**
 * The newest private messages of an event in which `party` (an attendee id or 'admin-<user id>') is
 * one of the two parties, oldest first.
 */
export async function partyPrivateChats(db: Db, eventId: string, party: string, limit = PRIVATE_CHAT_LIMIT): Promise<PrivateChat[]> {
  const rows = await db
    .selectFrom('private_chats')
    .selectAll()
    .where('event_id', '=', eventId)
    .where((eb) => eb.or([eb('attendee_id_1', '=', party), eb('attendee_id_2', '=', party)]))
    .orderBy('seq', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse().map(privateChatWire);
}
