import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calls } from '@tapcard/shared/contract';
import type { ViewOf } from '@tapcard/shared/realtime';
import { LIVE_TEXTS } from '../../components/LiveStatus.js';
import { organiserViewOf } from '../../lib/live/polls.js';
import { paths, routes } from '../../lib/paths.js';
import { adminEvent, ATTENDEE_ID, EVENT_ID } from '../../test/event-fixtures.js';
import { mockNetwork, ok } from '../../test/network.js';
import { startRealtimeServer, type RealtimeTestServer } from '../../test/realtime-server.js';
import { renderRoutes, signIn, signOut, TEST_TOKEN } from '../../test/render.js';
import { EventLivePage } from './EventLivePage.js';

const routeObjects = [{ path: routes.eventLive, element: <EventLivePage /> }];
const BOLA_IN = '2024-05-01T18:02:00.000Z';
const ADA_IN = '2024-05-01T18:05:30.000Z';
const CAROL_IN = '2024-05-01T18:07:00.000Z';

let server: RealtimeTestServer | null = null;
beforeEach(() => signIn());
afterEach(() => {
  signOut();
  vi.restoreAllMocks();
});

/** The browser loses or regains the network, as it tells a page: navigator.onLine and the event. */
function setOnline(online: boolean) {
  vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
}

/** The organiser's live view: Bola checked in at the North gate. */
function liveView(admin: ReturnType<typeof adminEvent>, version = 7): ViewOf<'organiser'> {
  const view = organiserViewOf(admin);
  return { ...view, version, attendees: view.attendees.map((a) => (a.checked_in ? { ...a, checked_in_at: BOLA_IN, checked_in_by: 'North gate' } : { ...a, checked_in_at: null, checked_in_by: null })) };
}

const arrivalNames = () => screen.queryAllByTestId('arrival').map((li) => li.querySelector('span')?.textContent);
const gates = () => screen.queryAllByTestId('gate-count').map((li) => [li.dataset.gate, Number(li.dataset.count)]);

describe('projector view', () => {
  it('shows how many are checked in of the total ticket stock, labelled, per gate, and the newest arrival first after a live check-in', async () => {
    const admin = adminEvent();
    const network = mockNetwork();
    network.on(calls.adminEvent, ok(admin));
    server = await startRealtimeServer(() => liveView(admin));
    renderRoutes(routeObjects, paths.eventLive(EVENT_ID));

    await waitFor(() => expect(server?.subscribes[0]).toEqual({ payload: { kind: 'organiser', eventId: EVENT_ID }, token: TEST_TOKEN }));
    await waitFor(() => expect(arrivalNames()).toEqual(['Bola Ade']));
    // Of the event's total ticket stock (50 + 10), as the attendees page and the door count.
    expect(screen.getByTestId('inside-count')).toHaveTextContent(/^1 \/ 60 tickets$/);
    expect(screen.getByRole('status', { name: '1 checked in of 60 tickets' })).toHaveTextContent(/^Checked in 1 \/ 60 tickets$/);
    expect(gates()).toEqual([['North gate', 1]]);
    expect(screen.getByRole('link', { name: /Back to Attendees/ })).toHaveAttribute('href', paths.eventAttendees(EVENT_ID));

    server.update({ eventId: EVENT_ID, version: 8, prevVersion: 7, scope: 'attendance', attendees: [{ id: ATTENDEE_ID, name: 'Ada Obi', image: '', price_category: 'Free', checked_in: true, checked_in_at: ADA_IN, checked_in_by: 'South gate' }] });
    await waitFor(() => expect(screen.getByTestId('inside-count')).toHaveTextContent(/^2 \/ 60 tickets$/));
    expect(arrivalNames()).toEqual(['Ada Obi', 'Bola Ade']);
    const newest = screen.getAllByTestId('arrival')[0]!;
    expect(within(newest).getByText('South gate')).toBeInTheDocument();
    expect(within(newest).getByText(new Date(ADA_IN).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }))).toHaveAttribute('datetime', ADA_IN);
    expect(gates()).toEqual([['North gate', 1], ['South gate', 1]]);
    expect(network.sent(calls.adminEvent)).toHaveLength(1);
  });

  it('says it is offline while the network is gone, and shows the right figures after the reconnect resyncs', async () => {
    const admin = adminEvent();
    const network = mockNetwork();
    network.on(calls.adminEvent, ok(admin));
    let state = liveView(admin);
    server = await startRealtimeServer(() => state);
    renderRoutes(routeObjects, paths.eventLive(EVENT_ID));
    await waitFor(() => expect(arrivalNames()).toEqual(['Bola Ade']));

    setOnline(false);
    expect(await screen.findByText(LIVE_TEXTS.offline)).toBeInTheDocument();
    // While this screen was away, Ada and a new attendee came in: it missed those updates.
    state = {
      ...state,
      version: 12,
      attendees: [
        ...state.attendees.map((a) => (a.id === ATTENDEE_ID ? { ...a, checked_in: true, checked_in_at: ADA_IN, checked_in_by: 'organiser' } : a)),
        { id: 'att-carol', name: 'Carol Eze', image: '', price_category: 'VIP', checked_in: true, checked_in_at: CAROL_IN, checked_in_by: 'chip:user-org' },
      ],
    };
    const subscribed = server.subscribes.length;
    setOnline(true);

    await waitFor(() => expect(server?.subscribes.length).toBeGreaterThan(subscribed));
    await waitFor(() => expect(screen.getByTestId('inside-count')).toHaveTextContent(/^3 \/ 60 tickets$/));
    expect(arrivalNames()).toEqual(['Carol Eze', 'Ada Obi', 'Bola Ade']);
    expect(gates()).toEqual([['North gate', 1], ['Organiser', 1], ['Chip page', 1]]);
    await waitFor(() => expect(screen.queryByText(LIVE_TEXTS.offline)).not.toBeInTheDocument());
  });

  it('lists at most eight arrivals, newest first', async () => {
    const admin = adminEvent({ attendees: [] });
    const network = mockNetwork();
    network.on(calls.adminEvent, ok(admin));
    const attendees = Array.from({ length: 10 }, (_, i) => ({ id: `a${i}`, name: `Guest ${i}`, image: '', price_category: 'Free', checked_in: true, checked_in_at: new Date(Date.UTC(2024, 4, 1, 18, i)).toISOString(), checked_in_by: 'North gate' }));
    server = await startRealtimeServer(() => ({ ...organiserViewOf(admin), version: 3, attendees }));
    renderRoutes(routeObjects, paths.eventLive(EVENT_ID));

    await waitFor(() => expect(screen.getByTestId('inside-count')).toHaveTextContent(/^10 \/ 60 tickets$/));
    expect(arrivalNames()).toEqual(['Guest 9', 'Guest 8', 'Guest 7', 'Guest 6', 'Guest 5', 'Guest 4', 'Guest 3', 'Guest 2']);
  });
});
