// Before the contract's schemas are built (see the module).
import '../../lib/zod-in-browser.js';
import { hydrate, QueryClientProvider, type DehydratedState } from '@tanstack/react-query';
import { useState } from 'react';
import { createQueryClient } from '../../lib/query.js';
import type { QrDrawing } from './QrDrawn.js';
import { TicketPage, type TicketIntent } from './TicketPage.js';

export interface TicketLiveProps {
  tid: string;
  /** The query cache the server rendered the page from: the page takes over with the same answer. */
  state: DehydratedState | undefined;
  intent: TicketIntent | null;
  /** The server's drawing of the ticket's QR. */
  drawing: QrDrawing | undefined;
}

/**
 * The ticket page taking over the server-rendered one (TicketVisit): the app's query layer seeded with
 * the server's answer. Links stay plain (no router): each loads its page.
 */
export function TicketLive({ tid, state, intent, drawing }: TicketLiveProps) {
  const [client] = useState(() => {
    const created = createQueryClient();
    if (state) hydrate(created, state);
    return created;
  });
  return (
    <QueryClientProvider client={client}>
      <TicketPage tid={tid} intent={intent} drawing={drawing} />
    </QueryClientProvider>
  );
}
