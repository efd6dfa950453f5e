import { sharedCardSchema, type ChatMessage, type PrivateChat } from '@tapcard/shared/contract';
import type { Row } from '../db/schema.js';

/** Chat rows in the contract's shapes, as every answer and live update carries them. */

/**
 * A group message as every answer carries it. A removed one keeps its place but never its text: the
 * text stays in the database for the moderation log and the report only.
 */
export function chatWire(row: Row<'chats'>): ChatMessage {
  const wire: ChatMessage = messageFields(row);
  return row.removed_at ? { ...wire, message: '', removed: true } : wire;
}

/** What a group and a private message both carry. */
function messageFields(row: Row<'chats'> | Row<'private_chats'>): ChatMessage {
  return {
    id: row.id,
    event_id: row.event_id,
    attendee_id: row.attendee_id,
    name: row.name,
    image: row.image,
    message: row.message,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    seq: row.seq,
  };
}

/** A stored shared card (JSON written by Share my card); undefined for a text message or an unreadable one. */
export function sharedCardOf(text: string | null): PrivateChat['card'] {
  if (text === null) return undefined;
  try {
    const parsed = sharedCardSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** A private message as every answer carries it: a removed one without its text or card. */
export function privateChatWire(row: Row<'private_chats'>): PrivateChat {
  const wire: PrivateChat = { ...messageFields(row), attendee_id_1: row.attendee_id_1, attendee_id_2: row.attendee_id_2 };
  if (row.removed_at) return { ...wire, message: '', removed: true };
  const card = sharedCardOf(row.card);
  return card ? { ...wire, card } : wire;
}
