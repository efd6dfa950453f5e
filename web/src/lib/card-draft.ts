import { saveCardPayloadSchema, type SaveCardPayload } from '@tapcard/shared/contract';
import { z } from 'zod';
import { readStored, removeStored, writeStored } from './storage.js';

/**
 * A change to the owner's card on its way to the server, kept on the device until the save is answered:
 * when the answer is that the session had ended (signed out elsewhere, or a password changed on another
 * phone), it stays through the sign-in, and the connect page saves it once the owner is back, on that
 * same card only. Written before the save is sent, so it is there whatever page the ended session
 * shows first.
 */
const cardDraftSchema = z.object({ id: z.string(), card_id: z.string().min(1), patch: saveCardPayloadSchema.partial() });
export type CardDraft = z.infer<typeof cardDraftSchema>;

/** Keeps `patch` of card `cardId`; answers the draft's id (for dropCardDraft). */
export function keepCardDraft(cardId: string, patch: Partial<SaveCardPayload>): string {
  // randomUUID exists only on secure pages (not a phone reaching a laptop over plain http on the LAN).
  const id = globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  writeStored('cardDraft', { id, card_id: cardId, patch });
  return id;
}

export function readCardDraft(): CardDraft | null {
  return readStored('cardDraft', cardDraftSchema);
}

/** Forgets the kept change `id` (a later change, kept since, stays). */
export function dropCardDraft(id: string): void {
  if (readCardDraft()?.id === id) removeStored('cardDraft');
}

/** Takes the kept change away from the device and answers it. */
export function takeCardDraft(): CardDraft | null {
  const draft = readCardDraft();
  removeStored('cardDraft');
  return draft;
}
