import type { ChatMessage, SharedCard } from '@tapcard/shared/contract';

/**
 * A chat room's messages as the rooms draw them, with no schema or live layer: the outbox builds them,
 * and so does a server-rendered chat before the live page takes it over.
 */

export interface ThreadItem {
  /** Stable React key: the message id, or a local id while pending. */
  key: string;
  attendee_id: string;
  name: string;
  image: string;
  message: string;
  createdAt: string;
  state: 'sent' | 'pending' | 'failed';
  /** Why a failed message was not sent. */
  error?: string;
  /** A pending message waiting for the browser to be back online. */
  queued?: boolean;
  /** Removed by the organiser: no text, and no screen shows it. */
  removed?: boolean;
  /** A shared card (Share my card), shown as a card instead of text. */
  card?: SharedCard;
}

/** A message the server stored. */
export function storedItem(m: ChatMessage): ThreadItem {
  return {
    key: m.id,
    attendee_id: m.attendee_id,
    name: m.name,
    image: m.image,
    message: m.message,
    createdAt: m.createdAt,
    state: 'sent',
    ...(m.removed ? { removed: true } : {}),
    ...('card' in m && m.card ? { card: m.card as SharedCard } : {}),
  };
}
