import { readStored, writeStored } from '../storage.js';

/**
 * Where the chat rooms' outboxes are kept across reloads, with no schema: outbox.ts reads them (each
 * message checked), and a server-rendered chat adds a message to them before the live page has
 * arrived, which sends it once it has.
 */

/** Where an outbox is kept across reloads: one list per event, sender and room ('group' or the other party's id). */
export interface OutboxPlace {
  eventId: string;
  senderId: string;
  room: string;
}

export const outboxPlaceId = (place: OutboxPlace) => JSON.stringify([place.eventId, place.senderId, place.room]);

/** A local key for a message not stored yet. */
export function localKey(): string {
  const random = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return `local-${random}`;
}

const asRecord = (value: unknown): Record<string, unknown> | null => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null);

/**
 * Adds a message to the place's kept outbox, waiting to be sent (what the outbox does with a message
 * written offline); the outbox sends it when its page opens. Answers the message's local key.
 */
export function keepForSending(place: OutboxPlace, text: string, createdAt: string): string {
  const key = localKey();
  const all = readStored('chatOutbox', asRecord) ?? {};
  const id = outboxPlaceId(place);
  const list = Array.isArray(all[id]) ? (all[id] as unknown[]) : [];
  writeStored('chatOutbox', { ...all, [id]: [...list, { key, text, createdAt, state: 'queued' }] });
  return key;
}
