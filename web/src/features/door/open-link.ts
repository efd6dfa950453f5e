import type { DoorSession } from '@tapcard/shared/contract';
import { DOOR_OPEN_PATH } from '@tapcard/shared/pages';
import { isDoorSession, type StoredDoorSession } from '../../lib/door-session.js';
import { API_BASE } from '../../lib/image.js';

type Opened = Partial<Omit<DoorSession, 'event'>> & { session?: unknown; event?: { title?: unknown } };

/**
 * Trades a staff link's secret for a door session with a plain request, without the app's API client
 * or the contract's schemas, so that the door's light page opens a link before they have loaded. Null
 * when it cannot (refused, no network, an answer it cannot read): the app's staff link page then tries
 * again and says why.
 */
export async function openStaffLinkLight(secret: string): Promise<StoredDoorSession | null> {
  try {
    const response = await fetch(`${API_BASE}${DOOR_OPEN_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ secret }),
      credentials: 'same-origin',
    });
    if (!response.ok) return null;
    const data = ((await response.json()) as { data?: Opened | null }).data;
    if (!data) return null;
    const session = { session: data.session, eventId: data.event_id, eventTitle: data.event?.title, gate: data.gate, expiresAt: data.expires_at, checkOut: data.check_out === true, totalStock: data.total_stock };
    return isDoorSession(session) && typeof session.totalStock === 'number' ? session : null;
  } catch {
    return null;
  }
}
