import type { ChatMessage, PrivateChat } from '@tapcard/shared/contract';
import type { Db } from '../db/database.js';
import { randomId } from '../lib/crypto.js';
import { inEventChange } from '../domain/event-sequence.js';
import { badRequest } from '../lib/http-error.js';
import { RECIPIENT_MESSAGE } from '../domain/chat.js';
import { chatWire, privateChatWire } from './events.js';

/** Who a message is stored under: an attendee, or the organiser as 'admin-<id>' named ADMIN. */
export interface Poster {
  id: string;
  name: string;
  image: string;
}

/** Stores a group message as one change of the event (its seq orders it for live readers). */
export async function storeGroupChat(db: Db, eventId: string, poster: Poster, message: string, now: Date): Promise<ChatMessage> {
  const row = await inEventChange(db, eventId, (trx, seq) =>
    trx
      .insertInto('chats')
      .values({ id: randomId(), event_id: eventId, attendee_id: poster.id, name: poster.name, image: poster.image, message, seq, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
  return chatWire(row);
}

/** Stores a private message from `poster` to `recipientId` as one change of the event. */
export async function storePrivateChat(db: Db, eventId: string, poster: Poster, recipientId: string, message: string, now: Date): Promise<PrivateChat> {
  const row = await inEventChange(db, eventId, (trx, seq) =>
    trx
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
        seq,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
  return privateChatWire(row);
}

/** Throws 400 (under attendee_id_2) unless `attendeeId` is a confirmed attendee of the event. */
export async function requireConfirmedAttendee(db: Db, eventId: string, attendeeId: string): Promise<void> {
  const found = await db
    .selectFrom('attendees')
    .select('id')
    .where('id', '=', attendeeId)
    .where('event_id', '=', eventId)
    .where('status', '=', 'confirmed')
    .executeTakeFirst();
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
