import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls } from '@tapcard/shared/contract';
import { pages } from '@tapcard/shared/pages';
import { paths } from '../../lib/paths.js';
import { attendeeToken, eventSummary, TICKET, TID } from '../../test/event-fixtures.js';
import { fail, mockNetwork, ok } from '../../test/network.js';
import { serverState, serverThenBrowser } from '../../test/visitor.js';
import { eventTokenQuery, keptTickets } from './api.js';
import { drawQr } from './qr-drawing.js';
import QrCode from './QrCode.js';
import { TicketVisit } from './TicketVisit.js';
import { ticketCancellationKey, ticketQrKey } from './visitor-keys.js';

// The page's take-over (ticket-live.tsx) arrives when a test lets it: as on a slow network, after the
// server-rendered ticket is on screen and working.
const takeOver = vi.hoisted(() => {
  let release = () => {};
  let gate = Promise.resolve();
  let failures = 0;
  return {
    hold: () => {
      gate = new Promise<void>((resolve) => (release = resolve));
    },
    release: () => release(),
    /** The next `count` fetches fail, as with no network. */
    fail: (count: number) => {
      failures = count;
    },
    wait: async () => {
      await gate;
      if (failures > 0) {
        failures -= 1;
        throw new TypeError('Failed to fetch dynamically imported module');
      }
    },
  };
});
vi.mock('./ticket-takeover.js', () => ({
  loadTicketLive: async () => {
    await takeOver.wait();
    return import('./ticket-live.js');
  },
}));

const answer = () => ({ success: 'true', message: 'OK', data: attendeeToken() });
/** What the server render hands over: the ticket's answer and its drawing of the QR (server-pages.ts). */
const seeded = (): [readonly unknown[], unknown][] => [
  [eventTokenQuery(TID).queryKey, answer()],
  [ticketQrKey(TID), drawQr(TICKET)],
];
const qrLabel = 'QR code of your ticket for the door';

afterEach(() => {
  keptTickets.forget(TID);
});

/** The ticket page's network once it has taken over: Ada's token, and a cancel step that cannot be read now. */
function serveTicket() {
  const network = mockNetwork();
  network.on(calls.eventToken, ok(attendeeToken()));
  network.on(calls.ticketCancellation, fail('Not now', 503));
  return network;
}

describe('the ticket page of the light entry', () => {
  it('has the ticket and its QR in the server markup, hydrates without a mismatch or a request, keeps the ticket for the door, then takes over', async () => {
    const network = serveTicket();
    takeOver.hold();
    const markup = renderToString(<TicketVisit url={new URL(paths.eventToken(TID), window.location.origin)} state={serverState(seeded())} />);
    expect(markup).toContain('Registration Successful!');
    expect(markup).toContain('aria-label="QR code of your ticket for the door"');

    expect(await serverThenBrowser(TicketVisit, paths.eventToken(TID), seeded())).toEqual([]);
    // The server's drawing is the QR the app's page draws of the signed ticket (not of a link with the access token).
    const reference = document.createElement('div');
    reference.innerHTML = renderToString(<QrCode value={TICKET} label={qrLabel} />);
    const drawn = () => screen.getByRole('img', { name: qrLabel }).outerHTML;
    expect(drawn()).toBe(reference.innerHTML);
    expect(screen.getByRole('link', { name: 'Open my event access' })).toHaveAttribute('href', paths.arena(TID));
    expect(network.sent(calls.eventToken)).toEqual([]);
    // Kept on the device for the door with no network before the page's own code has arrived, and read back with the contract's schema.
    expect(keptTickets.read(TID)?.data.ticket).toBe(TICKET);
    expect(network.sent(calls.ticketCancellation)).toEqual([]);

    takeOver.release();
    // The page that took over reads the cancel step, and still shows the server's drawing of the ticket.
    await waitFor(() => expect(network.sent(calls.ticketCancellation).length).toBeGreaterThan(0));
    expect(drawn()).toBe(reference.innerHTML);
  });

  it('keeps a tap on Transfer ticket made before the take-over, and opens its dialog once the page has taken over', async () => {
    serveTicket();
    takeOver.hold();
    await serverThenBrowser(TicketVisit, paths.eventToken(TID), seeded());
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Transfer ticket' }));
    expect(screen.getByRole('button', { name: 'Transfer ticket' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    takeOver.release();
    expect(await screen.findByRole('dialog', { name: 'Transfer your ticket' })).toBeInTheDocument();
  });

  it('keeps a tap on Cancel ticket made before the take-over, and asks to confirm once the page has taken over', async () => {
    serveTicket();
    takeOver.hold();
    await serverThenBrowser(TicketVisit, paths.eventToken(TID), seeded());
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel ticket' }));
    takeOver.release();
    expect(await screen.findByRole('dialog', { name: 'Cancel your ticket?' })).toBeInTheDocument();
  });

  it('keeps the ticket on screen when its take-over cannot be fetched, and fetches it again when the network is back', async () => {
    serveTicket();
    takeOver.fail(1);
    await serverThenBrowser(TicketVisit, paths.eventToken(TID), seeded());
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit name' }));
    expect(screen.getByRole('img', { name: qrLabel })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByRole('dialog', { name: 'Edit your name' })).toBeInTheDocument();
  });

  it("states a paid ticket's refund policy from the server's read of its cancel step, before and after the take-over, without asking again", async () => {
    const network = mockNetwork();
    network.on(calls.eventToken, ok(attendeeToken()));
    const event = eventSummary({ start_date: '2027-03-10T18:00+01:00', end_date: null, refund_policy: 'none' });
    const cancelStep = { status: 'confirmed', name: 'Ada Obi', ticket: 'VIP', amount: 15_000, event, cancelled_at: null, cancelled_by: null, refund: null };
    takeOver.hold();
    expect(await serverThenBrowser(TicketVisit, paths.eventToken(TID), [...seeded(), [ticketCancellationKey(TID), cancelStep]])).toEqual([]);
    const policy = 'No refunds: a cancelled ticket is not refunded.';
    expect(screen.getByText(policy)).toBeInTheDocument();
    takeOver.release();
    // The live page has taken over: it follows the live connection.
    await waitFor(() => expect(document.querySelector('section[data-connection]')).not.toBeNull());
    expect(screen.getByText(policy)).toBeInTheDocument();
    expect(network.sent(calls.ticketCancellation)).toEqual([]);
  });

  it("waits for the page's own read when the server had no answer, and says when the token opens nothing", async () => {
    const network = mockNetwork();
    network.on(calls.eventToken, fail('This access link is not valid', 404));
    network.on(calls.ticketCancellation, fail('This access link is not valid', 404));
    takeOver.hold();
    expect(await serverThenBrowser(TicketVisit, pages.eventTicket(TID), [])).toEqual([]);
    expect(screen.queryByRole('img', { name: qrLabel })).not.toBeInTheDocument();
    takeOver.release();
    expect(await screen.findByRole('heading', { name: 'You have found a rare gem!.' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(network.sent(calls.eventToken)[0]?.path).toBe(`/event/public/api/token/${TID}`);
  });
});
