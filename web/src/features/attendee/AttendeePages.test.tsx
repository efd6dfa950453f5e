import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls } from '@tapcard/shared/contract';
import type { ArenaView } from '@tapcard/shared/realtime';
import { paths, routes } from '../../lib/paths.js';
import { ada, ATTENDEE_ID, attendeeToken, dates, EVENT_ID, eventSummary, message, privateMessage, TICKET, TID } from '../../test/event-fixtures.js';
import { fail, mockNetwork, ok } from '../../test/network.js';
import { startRealtimeServer } from '../../test/realtime-server.js';
import { LocationProbe, renderRoutes } from '../../test/render.js';
import { keptTickets } from './api.js';
import { cancelAdaLive } from './attendee.fixtures.js';
import { ArenaPage } from './ArenaPage.js';
import { EventTokenPage } from './EventTokenPage.js';
import { TicketPaymentSuccessfulPage } from './PaymentSuccessfulPage.js';
import QrCode from './QrCode.js';

const routeObjects = [
  { path: routes.eventToken, element: <EventTokenPage /> },
  { path: routes.eventTicket, element: <EventTokenPage /> },
  { path: routes.arena, element: <ArenaPage /> },
  { path: routes.ticketPaymentSuccessful, element: <TicketPaymentSuccessfulPage /> },
  { path: '/before', element: <LocationProbe label="before" /> },
];


describe('event token page', () => {
  /** The modules a QR code of `value` draws (the dark path of the SVG). */
  function qrModules(value: string): string | null | undefined {
    const { container, unmount } = render(<QrCode value={value} label="reference" />);
    const drawn = container.querySelectorAll('svg path')[1]?.getAttribute('d');
    unmount();
    return drawn;
  }

  it('shows the registration, the door ticket as a QR code and Go Back to the event', async () => {
    const network = mockNetwork();
    network.on(calls.eventToken, ok(attendeeToken()));
    renderRoutes(routeObjects, paths.eventToken(TID));
    expect(await screen.findByRole('heading', { name: 'Registration Successful!' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Tech Meetup' })).toBeInTheDocument();
    expect(screen.getByText(ada.name)).toBeInTheDocument();
    expect(screen.getByText('Thank you for registering. Your event access has been sent to your email.')).toBeInTheDocument();
    const qr = await screen.findByRole('img', { name: 'QR code of your ticket for the door' });
    // The QR draws the signed ticket of the answer, not a link with the access token in it.
    const shown = qr.querySelectorAll('path')[1]?.getAttribute('d');
    expect(shown).toBeTruthy();
    expect(shown).toBe(qrModules(TICKET));
    expect(shown).not.toBe(qrModules(`${window.location.origin}${paths.arena(TID)}`));
    expect(screen.getByText(/Show this QR code at the door: it is your ticket\. It does not open your event access/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open my event access' })).toHaveAttribute('href', paths.arena(TID));
    expect(screen.getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', paths.openEvent('tech-meetup'));
    expect(network.sent(calls.eventToken)[0]?.path).toBe(`/event/public/api/token/${TID}`);
  });

  it("keeps the ticket on the device without the arena's chats, which the page never shows", async () => {
    const network = mockNetwork();
    const chats = [message('m1', 1, 'See you at the bar')];
    const privateChats = [privateMessage('p1', 2, 'A private word', 'att-bola', ATTENDEE_ID)];
    network.on(calls.eventToken, ok(attendeeToken({ chats, private_chats: privateChats })));
    renderRoutes(routeObjects, paths.eventToken(TID));
    await screen.findByRole('img', { name: 'QR code of your ticket for the door' });
    await waitFor(() => expect(keptTickets.read(TID)?.data.ticket).toBe(TICKET));
    const kept = keptTickets.read(TID)?.data.attendee;
    expect(kept).toMatchObject({ name: ada.name, chats: [], private_chats: [] });
    expect(JSON.stringify(localStorage)).not.toMatch(/See you at the bar|A private word/);
    keptTickets.forget(TID);
  });

  it('opened again with no network, shows the ticket and its QR this device kept; a refused token drops it', async () => {
    const network = mockNetwork();
    network.on(calls.eventToken, ok(attendeeToken()));
    const first = renderRoutes(routeObjects, paths.eventToken(TID));
    await screen.findByRole('img', { name: 'QR code of your ticket for the door' });
    first.unmount();

    network.goOffline();
    const offline = renderRoutes(routeObjects, paths.eventToken(TID));
    const qr = await screen.findByRole('img', { name: 'QR code of your ticket for the door' });
    expect(qr.querySelectorAll('path')[1]?.getAttribute('d')).toBe(qrModules(TICKET));
    expect(screen.getByText(ada.name)).toBeInTheDocument();
    // It asked the server, and keeps showing the ticket once the asks have failed.
    await waitFor(() => expect(network.sent(calls.eventToken).length).toBeGreaterThanOrEqual(4), { timeout: 15_000 });
    expect(screen.getByRole('heading', { name: 'Registration Successful!' })).toBeInTheDocument();
    offline.unmount();

    const refused = mockNetwork();
    refused.on(calls.eventToken, fail('This access link is not valid', 404));
    refused.on(calls.ticketCancellation, fail('This access link is not valid', 404));
    renderRoutes(routeObjects, paths.eventToken(TID));
    expect(await screen.findByRole('heading', { name: 'You have found a rare gem!.' }, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() => expect(keptTickets.read(TID)).toBeNull());
  });
});

describe('arena', () => {
  const view = (summary = eventSummary()): ArenaView => ({ kind: 'arena', eventId: EVENT_ID, version: 1, event: summary, attendee: ada, chats: [], private_chats: [] });

  it('shows the ongoing arena with the Event Chat button', async () => {
    mockNetwork();
    await startRealtimeServer(() => view());
    renderRoutes(routeObjects, paths.arena(TID));
    // The first live view waits for the socket's script: generous on a busy machine.
    expect(await screen.findByRole('heading', { name: 'Tech Meetup' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText(ada.name)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Event Chat' })).toHaveAttribute('href', paths.arenaChat(TID));
  });

  it('says live that the ticket was transferred, in place of the arena', async () => {
    mockNetwork();
    await startRealtimeServer(() => ({ ...view(), attendee: { ...ada, transferred: true } }));
    renderRoutes(routeObjects, paths.arena(TID));
    expect(await screen.findByRole('heading', { name: 'This ticket was transferred' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Event Chat' })).not.toBeInTheDocument();
  });

  it('says live that the ticket was cancelled, in place of the arena', async () => {
    const network = mockNetwork();
    network.on(calls.eventToken, fail('This access link is not valid', 404));
    network.on(calls.ticketCancellation, ok({ status: 'cancelled', name: ada.name, ticket: 'Free', amount: 0, event: eventSummary(), cancelled_at: new Date().toISOString(), cancelled_by: 'organiser', refund: null }));
    const server = await startRealtimeServer(() => view());
    renderRoutes(routeObjects, paths.arena(TID));
    expect(await screen.findByRole('link', { name: 'Event Chat' }, { timeout: 10_000 })).toBeInTheDocument();
    await cancelAdaLive(server);
    expect(screen.getByText(/The organiser cancelled this ticket\./)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Event Chat' })).not.toBeInTheDocument();
  });

  it.each([
    ['ended', dates.ended, 'This event has been concluded'],
    ['not started', dates.upcoming, 'This event is yet to start'],
  ])('shows the %s page with the contact buttons', async (_label, when, notice) => {
    mockNetwork();
    await startRealtimeServer(() => view(eventSummary(when)));
    renderRoutes(routeObjects, paths.arena(TID));
    expect(await screen.findByText(notice)).toBeInTheDocument();
    expect(screen.getByText('Contact us to Get A Card Now.')).toBeInTheDocument();
    expect(screen.getByText('Talks and networking')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', expect.stringMatching(/^https:\/\/wa\.me\/\d+$/));
    expect(screen.getByRole('link', { name: 'Email' })).toHaveAttribute('href', expect.stringMatching(/^mailto:/));
    expect(screen.getByRole('link', { name: 'Call' })).toHaveAttribute('href', expect.stringMatching(/^tel:/));
  });
});

describe('payment-success handler', () => {
  it('posts the query string and goes to the returned link', async () => {
    const network = mockNetwork();
    network.on(calls.paymentSuccessful, { json: { success: 'true', link: paths.eventToken(TID) } });
    network.on(calls.eventToken, ok(attendeeToken()));
    renderRoutes(routeObjects, '/event/p/ticket/successful?reference=ref-1&trxref=ref-1');
    expect(await screen.findByRole('heading', { name: 'Registration Successful!' })).toBeInTheDocument();
    expect(network.sent(calls.paymentSuccessful)[0]?.body).toEqual({ reference: 'ref-1', trxref: 'ref-1' });
  });
});
