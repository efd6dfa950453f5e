import { LIMITS } from '@tapcard/shared/constants';
import type { ChatMessage, PrivateChat } from '@tapcard/shared/contract';
import { adminIdOf } from '@tapcard/shared/domain';
import { chatRefusalText, type ChatRefusalCode } from '@tapcard/shared/rules';
import type { Transaction } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database, Row } from '../db/schema.js';
import { badRequest, notFound, refused, type HttpError } from '../lib/http-error.js';
import type { Throttle } from '../lib/throttle.js';
import { attendeeSafety, blocksBetween, claimGroupPost, hasWrittenTo, muteOf, type AttendeeSafety } from '../repositories/arena-safety.js';
import { insertGroupChat, insertPrivateChat, type Poster } from '../repositories/chats.js';
import { chatWire, privateChatWire } from '../repositories/chat-wire.js';
import { chatSettingsNow } from '../repositories/moderation.js';
import { ACCESS_UNKNOWN_MESSAGE, RECIPIENT_MESSAGE } from './chat.js';
import { inEventChange } from './event-sequence.js';

/**
 * An attendee's chat posts with the checks the organiser's settings and the attendees' choices ask
 * for: a closed group chat, a mute, slow mode, the post rate, blocks and who may write to whom. Each
 * post is one change of the event (domain/event-sequence.ts): the checks run after the event row is
 * locked, so a setting committed before the post is always seen, and a refused post rolls its whole
 * change back (its slow-mode claim and rate count included). The organiser's own posts do not come
 * here (repositories/chats.ts stores them as they are).
 */

const REFUSAL_STATUS: Record<ChatRefusalCode, number> = {
  muted: 403,
  chat_closed: 403,
  not_accepting: 403,
  you_blocked: 403,
  slow_mode: 429,
  too_fast: 429,
};

/** HH:MM in the server's time zone (set TZ on servers, as for event dates). */
export function clockTime(time: Date): string {
  return `${String(time.getHours()).padStart(2, '0')}:${String(time.getMinutes()).padStart(2, '0')}`;
}

/** A refused post: its status, `code`, `retry_at`, and the words in the server's clock (the web words it again in the browser's). */
export function chatRefusal(code: ChatRefusalCode, retryAt: Date | null, now: Date): HttpError {
  return refused(REFUSAL_STATUS[code], chatRefusalText(code, retryAt, now, clockTime), { code, retryAt });
}

export interface PostDeps {
  db: Db;
  throttle: Throttle;
}

/** Refuses a muted attendee's post. */
function checkNotMuted(poster: AttendeeSafety, now: Date): void {
  const mute = muteOf(poster, now);
  if (mute) throw chatRefusal('muted', mute.until ? new Date(mute.until) : null, now);
}

/** Counts the post against the attendee's rate inside the change, refusing 'too_fast' past it. */
async function countPost(deps: PostDeps, trx: Transaction<Database>, attendeeId: string, now: Date): Promise<void> {
  await deps.throttle.attemptOrRefuse(`chat-rate:${attendeeId}`, LIMITS.chatPosts, (resetAt) => chatRefusal('too_fast', resetAt, now), trx);
}

/** The poster's own safety state, read inside the change. */
async function posterSafety(trx: Transaction<Database>, eventId: string, posterId: string): Promise<AttendeeSafety> {
  const poster = await attendeeSafety(trx, eventId, posterId);
  // The token was checked before the change; a registration cancelled meanwhile no longer posts.
  if (!poster) throw notFound(ACCESS_UNKNOWN_MESSAGE);
  return poster;
}

/**
 * May `poster` write privately to the attendee `recipient` (inside a change)? Not while muted; not
 * to someone they block ('you_blocked') nor to someone who blocks them or does not accept their
 * messages ('not_accepting': the same words for both, so a block is never revealed).
 */
export async function checkPrivateWrite(trx: Transaction<Database>, eventId: string, poster: AttendeeSafety, recipient: AttendeeSafety, now: Date): Promise<void> {
  checkNotMuted(poster, now);
  const blocks = await blocksBetween(trx, poster.id, recipient.id);
  if (blocks.aBlocksB) throw chatRefusal('you_blocked', null, now);
  if (blocks.bBlocksA) throw chatRefusal('not_accepting', null, now);
  if (recipient.dm_policy === 'nobody') throw chatRefusal('not_accepting', null, now);
  if (recipient.dm_policy === 'replied' && !(await hasWrittenTo(trx, eventId, recipient.id, poster.id))) throw chatRefusal('not_accepting', null, now);
}

/** An attendee's group post: refused while the chat is closed, while muted, within slow mode's wait, or past the rate. */
export async function postGroupChat(deps: PostDeps, eventId: string, poster: Poster, message: string, now: Date): Promise<ChatMessage> {
  const row = await inEventChange(deps.db, eventId, async (trx, seq) => {
    const settings = await chatSettingsNow(trx, eventId);
    if (settings.closed) throw chatRefusal('chat_closed', null, now);
    checkNotMuted(await posterSafety(trx, eventId, poster.id), now);
    const previous = await claimGroupPost(trx, poster.id, now, settings.slow_mode_seconds);
    if (previous) throw chatRefusal('slow_mode', new Date(previous.getTime() + settings.slow_mode_seconds * 1000), now);
    await countPost(deps, trx, poster.id, now);
    return insertGroupChat(trx, eventId, poster, message, now, seq);
  });
  return chatWire(row);
}

/**
 * An attendee's private post to another attendee (checkPrivateWrite) or to the organiser (always
 * allowed, muted or not); past the rate it is refused either way.
 */
export async function postPrivateChat(
  deps: PostDeps,
  event: Pick<Row<'events'>, 'id' | 'user_id'>,
  poster: Poster,
  recipientId: string,
  message: string,
  now: Date,
): Promise<PrivateChat> {
  const row = await inEventChange(deps.db, event.id, async (trx, seq) => {
    await checkPrivateRecipient(trx, event, poster.id, recipientId, now);
    await countPost(deps, trx, poster.id, now);
    return insertPrivateChat(trx, event.id, poster, recipientId, message, now, seq);
  });
  return privateChatWire(row);
}

/** The private-post checks for a recipient who is the organiser (none) or an attendee of the event (checkPrivateWrite); 400 for anyone else. */
export async function checkPrivateRecipient(trx: Transaction<Database>, event: Pick<Row<'events'>, 'id' | 'user_id'>, posterId: string, recipientId: string, now: Date): Promise<void> {
  if (recipientId === adminIdOf(event.user_id)) return;
  const recipient = await attendeeSafety(trx, event.id, recipientId);
  if (!recipient) throw badRequest(RECIPIENT_MESSAGE, 'attendee_id_2');
  await checkPrivateWrite(trx, event.id, await posterSafety(trx, event.id, posterId), recipient, now);
}
