import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { calls, type TicketCancellation } from '@tapcard/shared/contract';
import { messages } from '@tapcard/shared/rules';
import { paths, routes } from '../../lib/paths.js';
import { ada, attendeeToken, EVENT_ID, eventSummary, TID } from '../../test/event-fixtures.js';
import { fail, mockNetwork, ok } from '../../test/network.js';
import { startRealtimeServer } from '../../test/realtime-server.js';
import { renderRoutes } from '../../test/render.js';
import { cancelAdaLive } from './attendee.fixtures.js';
import { EventTokenPage } from './EventTokenPage.js';

const routeObjects = [{ path: routes.eventToken, element: <EventTokenPage /> }];

/** 'YYYY-MM-DDT18:00+01:00', `days` from today. */
function startIn(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}T18:00+01:00`;
}

function ticketState(overrides: Partial<TicketCancellation> = {}, startDays = 10): TicketCancellation {
  return {
    status: 'confirmed',
    name: 'Ada Obi',
    ticket: 'VIP',
    amount: 15_000,
    event: eventSummary({ start_date: startIn(startDays), end_date: null, refund_policy: 'before_start', refund_hours: 48 }),
    cancelled_at: null,
    cancelled_by: null,
    refund: null,
    ...overrides,
  };
}

/** The ticket page's network: Ada's token, and the ticket's cancellation state. */
function serveTicket(state = ticketState()) {
  const network = mockNetwork();
  network.on(calls.eventToken, ok(attendeeToken()));
  network.on(calls.ticketCancellation, ok(state));
  return network;
}

/** Opens the ticket page and its Cancel ticket dialog. */
async function openCancelDialog() {
  const user = userEvent.setup();
  renderRoutes(routeObjects, paths.eventToken(TID));
  await user.click(await screen.findByRole('button', { name: 'Cancel ticket' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Cancel your ticket?' }) };
}

describe('cancelling a ticket from the ticket page', () => {
  it('states the refund before confirming, sends one cancel whatever the clicks, then shows the cancelled ticket and its refund, read again until processed', async () => {
    const user = userEvent.setup();
    const network = serveTicket();
    let release: () => void = () => undefined;
    const cancelled = ticketState({ status: 'cancelled', cancelled_at: new Date().toISOString(), cancelled_by: 'attendee', refund: { state: 'pending', amount: 15_000 } });
    network.on(calls.cancelTicket, () => new Promise((resolve) => (release = () => resolve(ok(cancelled)))));
    renderRoutes(routeObjects, paths.eventToken(TID));

    expect(await screen.findByText(/^Full refund until .+ \(UTC\+01:00\)\. No refund after that\.$/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel ticket' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your ticket?' });
    expect(dialog).toHaveAccessibleDescription(/Your payment of NGN 15,000 will be refunded in full to the card you paid with\./);
    const confirm = within(dialog).getByRole('button', { name: 'Cancel my ticket' });
    await user.click(confirm);
    await user.click(confirm);
    expect(network.sent(calls.cancelTicket)).toHaveLength(1);

    network.on(calls.eventToken, fail('This access link is not valid', 404));
    network.on(calls.ticketCancellation, ok(cancelled));
    await act(async () => release());
    expect(await screen.findByRole('heading', { level: 1, name: 'Ticket cancelled' })).toBeInTheDocument();
    expect(screen.getByTestId('refund-state')).toHaveTextContent('Refund pending: the payment provider is processing it.');
    expect(screen.getByText(/You cancelled this ticket\./)).toBeInTheDocument();

    network.on(calls.ticketCancellation, ok({ ...cancelled, refund: { state: 'processed', amount: 15_000 } }));
    await waitFor(() => expect(screen.getByTestId('refund-state')).toHaveTextContent('Refund processed: the money is on its way back to the card.'), { timeout: 8000 });
    expect(network.sent(calls.cancelTicket)).toHaveLength(1);
  }, 15_000);

  it('says before confirming that a cancel outside the window frees the seat without a refund', async () => {
    const network = serveTicket(ticketState({}, 1));
    const { user, dialog } = await openCancelDialog();
    await waitFor(() => expect(dialog).toHaveAccessibleDescription(/^No refund: refunds ended on .+\. Your seat goes back on sale\./));
    await user.click(within(dialog).getByRole('button', { name: 'Keep my ticket' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(network.sent(calls.cancelTicket)).toHaveLength(0);
  });

  it('shows the cancelled page live when the ticket is cancelled elsewhere (another device, or the organiser)', async () => {
    const network = serveTicket();
    const arena = { kind: 'arena' as const, eventId: EVENT_ID, version: 1, event: eventSummary(), attendee: ada, chats: [], private_chats: [] };
    const server = await startRealtimeServer(() => arena);
    renderRoutes(routeObjects, paths.eventToken(TID));
    expect(await screen.findByRole('button', { name: 'Cancel ticket' })).toBeInTheDocument();

    network.on(calls.eventToken, fail('This access link is not valid', 404));
    network.on(calls.ticketCancellation, ok(ticketState({ status: 'cancelled', cancelled_at: new Date().toISOString(), cancelled_by: 'organiser', refund: { state: 'pending_request', amount: 15_000 } })));
    await cancelAdaLive(server);
    expect(screen.getByText(/The organiser cancelled this ticket\./)).toBeInTheDocument();
    expect(screen.getByTestId('refund-state')).toHaveTextContent('Refund requested: we are sending it to the payment provider.');
    expect(screen.queryByRole('img', { name: 'QR code of your ticket for the door' })).not.toBeInTheDocument();
    expect(network.sent(calls.cancelTicket)).toHaveLength(0);
  }, 20_000);

  it('says why the server refused the cancel of a ticket checked in meanwhile, and keeps the ticket', async () => {
    const network = serveTicket();
    network.on(calls.cancelTicket, fail(messages.ticketCheckedInNoCancel, 409));
    const { user, dialog } = await openCancelDialog();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel my ticket' })).toBeEnabled());
    await user.click(within(dialog).getByRole('button', { name: 'Cancel my ticket' }));
    expect(await screen.findByText(messages.ticketCheckedInNoCancel)).toBeInTheDocument();
    expect(network.sent(calls.cancelTicket)).toHaveLength(1);
    expect(screen.queryByRole('heading', { level: 1, name: 'Ticket cancelled' })).not.toBeInTheDocument();
  });

  it('shows an unknown token as not found', async () => {
    const network = mockNetwork();
    network.on(calls.eventToken, fail('This access link is not valid', 404));
    network.on(calls.ticketCancellation, fail('This access link is not valid', 404));
    renderRoutes(routeObjects, paths.eventToken(TID));
    expect(await screen.findByRole('heading', { level: 1 })).not.toHaveTextContent('Ticket cancelled');
  });
});
