import { doorCalls } from '@tapcard/shared/contract';
import type { DoorView } from '@tapcard/shared/realtime';
import { api } from '../../../lib/api.js';
import type { PollResult } from '../../../lib/live/polls.js';

/**
 * The door's fallback while the socket is down. No REST call answers the whole door view, so it only
 * asks whether the session still holds: a refusal (revoked or expired link) ends the page's session;
 * otherwise the page goes on with the list it has.
 */
export async function pollDoorSession(request: { session: string }, signal: AbortSignal): Promise<PollResult<DoorView>> {
  const result = await api(doorCalls.doorSession, { body: { session: request.session }, background: true, signal });
  if (result.ok) return { ok: false, fatal: false, status: 0, message: '' };
  const refused = result.kind === 'failure' && (result.status === 401 || result.status === 403);
  return { ok: false, fatal: refused, status: result.status, message: result.message };
}
