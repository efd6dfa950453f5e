import { doorCalls } from '@tapcard/shared/contract';
import { apiOrThrow } from '../../lib/api.js';

/**
 * A staff phone's check-in from a chip page, with its door session for the chip's event. Loaded only
 * when such a phone checks in, so the door's schemas stay out of the chip page's first-render JS.
 * A fresh client id per request: the server admits an attendee once whatever is repeated.
 */
export async function sendDoorCheckIn(session: string, attendeeId: string): Promise<boolean> {
  const clientId = globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const answer = await apiOrThrow(doorCalls.doorCheckIn, { body: { session, attendee_id: attendeeId, client_id: `chip-${clientId}` } });
  return answer.data.outcome !== 'unknown';
}
