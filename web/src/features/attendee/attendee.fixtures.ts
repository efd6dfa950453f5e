import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { ada, EVENT_ID } from '../../test/event-fixtures.js';
import type { RealtimeTestServer } from '../../test/realtime-server.js';

/**
 * The organiser cancels Ada's ticket, told live: her own record comes flagged, sent until the page
 * shows the cancelled ticket.
 */
export async function cancelAdaLive(server: RealtimeTestServer): Promise<void> {
  await waitFor(
    () => {
      server.update({ eventId: EVENT_ID, version: 1, prevVersion: 1, scope: 'attendance', attendees: [{ ...ada, cancelled: true }] });
      expect(screen.getByRole('heading', { level: 1, name: 'Ticket cancelled' })).toBeInTheDocument();
    },
    { timeout: 10_000, interval: 200 },
  );
}
