import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { doorCalls } from '@tapcard/shared/contract';
import { readDoorSession, saveDoorSession } from '../../lib/door-session.js';
import { paths, routes } from '../../lib/paths.js';
import { fail, mockNetwork, ok, type MockNetwork } from '../../test/network.js';
import { renderRoutes } from '../../test/render.js';
import { EVENT_ID, fakeDoorServer, GATE, person, SESSION, startDoorGateway, tampered, ticketIssuer } from './door.fixtures.js';
import { doorStore } from './desk/store.js';
import { DoorPage } from './DoorPage.js';
import { doorHandover, handOverDoor } from './handover.js';

const routeObjects = [{ path: routes.door, element: <DoorPage /> }];
const LATER = new Date(Date.now() + 24 * 3_600_000).toISOString();
const REVOKED = 'This staff link has been revoked. Ask the organiser for a new one.';
const sessionData = { event_id: EVENT_ID, event: { id: EVENT_ID, title: 'Tech Meetup', start_date: '2030-01-01', end_date: null }, link_id: 'link-1', gate: GATE, expires_at: LATER, check_out: false, total_stock: 85 };

const issuer = await ticketIssuer();
let gateway: Awaited<ReturnType<typeof startDoorGateway>> | null = null;

beforeEach(() => saveDoorSession({ session: SESSION, eventId: EVENT_ID, eventTitle: 'Tech Meetup', gate: GATE, expiresAt: LATER }));
afterEach(async () => {
  await gateway?.close();
  gateway = null;
  // What the phone kept of the event (the list, the queue) must not reach the next test.
  await doorStore(EVENT_ID).clear();
  vi.restoreAllMocks();
});

/** The browser loses or regains the network, as it tells a page: navigator.onLine and the event. */
function setOnline(online: boolean) {
  vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
}

/** An event of three confirmed attendees, its door calls, and the gateway's door view; `reachable` false makes each door call fail as a lost network would. */
async function openDoor(options: { checkOut?: boolean; transferred?: boolean; cancelled?: boolean; scanning?: boolean } = {}) {
  const people = [person('att_ada', 'Ada Lovelace'), person('att_bob', 'Bob Ade'), person('att_cy', 'Cy Obi')];
  // A ticket given away before the phone's list came: its old holder, flagged (the list counts only the others).
  if (options.transferred) people.push({ ...person('att_old', 'Old Holder'), transferred: true });
  // A ticket cancelled before the phone's list came: flagged likewise.
  if (options.cancelled) people.push({ ...person('att_gone', 'Gone Guest'), cancelled: true });
  const server = fakeDoorServer(people);
  const state = { reachable: true };
  const network = mockNetwork();
  const reach = <T,>(answer: () => T): T => {
    if (!state.reachable) throw new TypeError('Failed to fetch');
    return answer();
  };
  network.on(doorCalls.doorSession, () => reach(() => ok({ ...sessionData, check_out: options.checkOut ?? false })));
  network.on(doorCalls.doorCheckOut, (request) => reach(() => ok(server.checkOut(request))));
  network.on(doorCalls.ticketKeys, () => reach(() => ok({ keys: [issuer.publicKey] })));
  network.on(doorCalls.doorCheckIn, (request) => {
    // The server counts a check-in it receives even when its answer is lost on the way back.
    const answer = server.checkIn(request);
    return reach(() => ok(answer));
  });
  gateway = await startDoorGateway(() => server.view());
  const rendered = renderRoutes(routeObjects, paths.door(EVENT_ID));
  // The page is ready to scan once it has the event's keys and the live list.
  await waitFor(() => expect(network.sent(doorCalls.ticketKeys).length).toBeGreaterThan(0));
  await waitFor(() => expect(screen.getByRole('region', { name: 'Checked in' })).toHaveAttribute('data-listed', '3'));
  // (Unless a ticket handed over is being admitted already.)
  if (!options.scanning) await waitFor(() => expect(screen.getByTestId('door-inside')).toHaveTextContent('0 / 85 tickets'));
  return { server, state, network, ...rendered };
}

/** Types or pastes a code into the search box and submits it, as staff do without a camera. */
async function scan(user: ReturnType<typeof renderRoutes>['user'], code: string) {
  const box = screen.getByRole('searchbox', { name: 'Find an attendee' });
  await user.clear(box);
  await user.click(box);
  await user.paste(code);
  await user.click(screen.getByRole('button', { name: 'Search' }));
}

const card = () => screen.getByTestId('door-result');
const outcome = (value: string) => waitFor(() => expect(card()).toHaveAttribute('data-outcome', value));
const checkInsSent = (network: MockNetwork) => network.sent(doorCalls.doorCheckIn).map((r) => r.body as { attendee_id: string; client_id: string; scanned_at?: string });

describe('door desk', () => {
  it('admits a valid ticket with a fresh client id, counts it inside, and flags a second scan as already in at this gate without asking again', async () => {
    const { user, network, server } = await openDoor();
    const ticket = await issuer.issue('att_ada');

    await scan(user, ticket);
    await outcome('admitted');
    expect(card()).toHaveTextContent('AdmittedAda Lovelace');
    expect(card()).toHaveAttribute('aria-live', 'assertive');
    expect(screen.getByTestId('door-inside')).toHaveTextContent('1 / 85 tickets');
    // The event's total ticket stock, from the door session's answer, as the attendees page counts.
    expect(screen.getByRole('status', { name: '1 checked in of 85 tickets' })).toHaveTextContent(/^Checked in 1 \/ 85 tickets$/);
    expect(screen.getByRole('list', { name: 'Inside by gate' })).toHaveTextContent('North gate: 1');
    expect(checkInsSent(network)).toEqual([{ session: SESSION, attendee_id: 'att_ada', client_id: expect.any(String) as string }]);

    await scan(user, ticket);
    await outcome('already');
    expect(card()).toHaveTextContent(/Already checked inAda LovelaceAt North gate, \d\d:\d\d/);
    expect(checkInsSent(network)).toHaveLength(1);
    expect(server.counted).toBe(1);
  });

  it('admits the tickets entered on the light page before it took over, in order, in its mode, and keeps the search box as it was', async () => {
    const [bob, cy] = await Promise.all([issuer.issue('att_bob'), issuer.issue('att_cy')]);
    handOverDoor(() => ({ eventId: EVENT_ID, codes: [bob, cy], mode: 'in', draft: 'Ad', search: '', focused: true }));
    const { network } = await openDoor({ scanning: true });
    await waitFor(() => expect(checkInsSent(network).map((sent) => sent.attendee_id)).toEqual(['att_bob', 'att_cy']));
    await outcome('admitted');
    expect(card()).toHaveTextContent('Cy Obi');
    await waitFor(() => expect(screen.getByTestId('door-inside')).toHaveTextContent('2 / 85 tickets'));
    const box = screen.getByRole('searchbox', { name: 'Find an attendee' });
    expect(box).toHaveValue('Ad');
    expect(box).toHaveFocus();
    // Taken once: a later desk starts empty.
    expect(doorHandover(EVENT_ID)).toBeNull();
  });

  it('refuses a tampered ticket, a ticket of another event and a code that is no ticket, and goes on scanning', async () => {
    const { user, network } = await openDoor();
    await scan(user, tampered(await issuer.issue('att_ada')));
    await outcome('invalid');
    expect(card()).toHaveTextContent('Not admittedTicket is not genuine');

    await scan(user, await issuer.issue('att_ada', 'evt_other'));
    await waitFor(() => expect(card()).toHaveTextContent('Ticket for another event'));

    // A keyboard-mode barcode scanner types a code outside the search box.
    await user.click(document.body);
    await user.keyboard('NOT-A-TICKET-42{Enter}');
    await waitFor(() => expect(card()).toHaveTextContent('Not admittedNot a ticket'));
    expect(checkInsSent(network)).toEqual([]);

    await scan(user, await issuer.issue('att_bob'));
    await outcome('admitted');
    expect(card()).toHaveTextContent('Bob Ade');
  });

  it('admits offline on the phone, shows the queue, and syncs it when the network is back with the same client ids, counting each once', async () => {
    const { user, network, server, state } = await openDoor();
    // The network drops while the phone still thinks it is online: the request reaches the server, its answer is lost.
    state.reachable = false;
    await scan(user, await issuer.issue('att_ada'));
    await outcome('queued');
    expect(card()).toHaveTextContent('Admitted offlineAda Lovelace');
    const lostId = checkInsSent(network)[0]?.client_id;
    expect(server.counted).toBe(1);

    // Then the browser says it is offline: nothing is sent at all.
    setOnline(false);
    await waitFor(() => expect(screen.getByTestId('door-network')).toHaveAttribute('data-state', 'offline'));
    await scan(user, await issuer.issue('att_bob'));
    await waitFor(() => expect(screen.getByTestId('door-queue')).toHaveTextContent('2'));
    expect(screen.getByText('check-ins waiting to sync')).toBeInTheDocument();
    expect(screen.getByTestId('door-inside')).toHaveTextContent('2 / 85 tickets');
    expect(checkInsSent(network).filter((b) => b.attendee_id === 'att_bob')).toEqual([]);
    // Scanned again while waiting: already in, from the phone's own list.
    await scan(user, await issuer.issue('att_bob'));
    await outcome('already');

    state.reachable = true;
    setOnline(true);
    await waitFor(() => expect(screen.getByTestId('door-queue')).toHaveTextContent('0'));
    const sent = checkInsSent(network);
    // Every send of Ada's check-in (the lost one and each retry) carries the same client id; Bob's has its own.
    expect(new Set(sent.filter((b) => b.attendee_id === 'att_ada').map((b) => b.client_id))).toEqual(new Set([lostId]));
    const bob = sent.filter((b) => b.attendee_id === 'att_bob');
    expect(bob).toHaveLength(1);
    expect(bob[0]?.client_id).not.toBe(lostId);
    expect(typeof bob[0]?.scanned_at).toBe('string');
    expect(server.counted).toBe(2);
    await waitFor(() => expect(screen.getByTestId('door-inside')).toHaveTextContent('2 / 85 tickets'));
  });

  it('shows a conflict when an offline admission was counted first at another gate, and keeps it visible', async () => {
    const { user, server } = await openDoor();
    setOnline(false);
    await scan(user, await issuer.issue('att_cy'));
    await outcome('queued');
    server.checkInElsewhere('att_cy', 'South gate', '2030-01-01T18:05:00.000Z');

    setOnline(true);
    await outcome('conflict');
    const notices = screen.getByTestId('door-notices');
    expect(within(notices).getByText(/^Cy Obi: also admitted at South gate at \d\d:\d\d.*: counted once\.$/)).toBeInTheDocument();
    expect(screen.getByTestId('door-queue')).toHaveTextContent('0');
    expect(server.counted).toBe(1);

    // The next scan replaces the card; the notice stays until dismissed.
    await scan(user, await issuer.issue('att_ada'));
    await outcome('admitted');
    expect(within(notices).getByText(/Cy Obi: also admitted/)).toBeInTheDocument();
    await user.click(within(notices).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('door-notices')).not.toBeInTheDocument();
  });

  // A ticket given away, or cancelled: the door's list flags it, and the server refuses it.
  const ENDED_TICKETS = [
    ['transferred', { flag: { transferred: true }, holder: 'Old Holder', id: 'att_old', reason: 'Ticket transferred to someone else; this QR code no longer works', end: 'transfer' }],
    ['cancelled', { flag: { cancelled: true }, holder: 'Gone Guest', id: 'att_gone', reason: 'Ticket cancelled; this QR code no longer works', end: 'cancel' }],
  ] as const;

  it.each(ENDED_TICKETS)('refuses a %s ticket’s QR code from its own list, offline too, without queueing it; its holder is not listed', async (_kind, { flag, holder, id, reason }) => {
    const { user, network } = await openDoor(flag);
    setOnline(false);
    await scan(user, await issuer.issue(id));
    await outcome('invalid');
    expect(card()).toHaveTextContent(reason);
    expect(screen.getByTestId('door-queue')).toHaveTextContent('0');
    expect(checkInsSent(network)).toEqual([]);
    await user.type(screen.getByRole('searchbox', { name: 'Find an attendee' }), holder);
    expect(screen.queryByRole('button', { name: new RegExp(holder) })).not.toBeInTheDocument();
  });

  it.each(ENDED_TICKETS)('flags an offline admission of a ticket %s before the phone synced: not counted, with the reason', async (_kind, { reason, end }) => {
    const { user, server } = await openDoor();
    setOnline(false);
    await scan(user, await issuer.issue('att_cy'));
    await outcome('queued');
    server[end]('att_cy');

    setOnline(true);
    await waitFor(() => expect(screen.getByTestId('door-queue')).toHaveTextContent('0'));
    const notices = await screen.findByTestId('door-notices');
    expect(within(notices).getByText(`Cy Obi: not counted (${reason}).`)).toBeInTheDocument();
    expect(server.counted).toBe(0);
  });

  it('refuses online, with the reason, a ticket the server answers was cancelled', async () => {
    const { user, server } = await openDoor();
    server.cancel('att_bob');
    await scan(user, await issuer.issue('att_bob'));
    await outcome('invalid');
    expect(card()).toHaveTextContent('Ticket cancelled; this QR code no longer works');
    expect(server.counted).toBe(0);
  });

  it('counts check-ins from other gates live', async () => {
    await openDoor();
    gateway?.update({ eventId: EVENT_ID, version: 2, prevVersion: 1, scope: 'attendance', attendees: [{ ...person('att_bob', 'Bob Ade'), checked_in: true, checked_in_at: new Date().toISOString(), checked_in_by: 'South gate' }] });
    await waitFor(() => expect(screen.getByTestId('door-inside')).toHaveTextContent('1 / 85 tickets'));
    expect(screen.getByRole('list', { name: 'Inside by gate' })).toHaveTextContent('South gate: 1');
  });

  it('forgets the session at once when the gateway ends it, saying why and how many check-ins were not sent', async () => {
    const { user, state } = await openDoor();
    state.reachable = false;
    await scan(user, await issuer.issue('att_ada'));
    await waitFor(() => expect(screen.getByTestId('door-queue')).toHaveTextContent('1'));
    gateway?.end({ code: 'forbidden', message: REVOKED });

    expect(await screen.findByRole('heading', { name: 'This phone can no longer check in' })).toBeInTheDocument();
    expect(screen.getByTestId('door-ended')).toHaveTextContent(`${REVOKED}1 check-in made on this phone could not be sent.`);
    expect(readDoorSession(EVENT_ID)).toBeNull();
  });

  it('forgets the session when a check-in is refused as revoked', async () => {
    const { user, network } = await openDoor();
    network.on(doorCalls.doorCheckIn, fail(REVOKED, 403));
    await scan(user, await issuer.issue('att_ada'));

    expect(await screen.findByRole('heading', { name: 'This phone can no longer check in' })).toBeInTheDocument();
    expect(screen.getByTestId('door-ended')).toHaveTextContent(REVOKED);
    expect(readDoorSession(EVENT_ID)).toBeNull();
  });

  it('checks attendees out in exit mode where the event tracks who is inside, offline too', async () => {
    const { user, network, server } = await openDoor({ checkOut: true });
    await scan(user, await issuer.issue('att_ada'));
    await outcome('admitted');

    await user.click(await screen.findByRole('button', { name: 'Exit' }));
    expect(screen.getByRole('button', { name: 'Exit' })).toHaveAttribute('aria-pressed', 'true');
    await scan(user, await issuer.issue('att_ada'));
    await outcome('checked_out');
    expect(card()).toHaveTextContent('Checked outAda Lovelace');
    expect(screen.getByTestId('door-inside')).toHaveTextContent('0 / 85 tickets');
    // Not inside: said at once from the list, nothing sent.
    await scan(user, await issuer.issue('att_bob'));
    await outcome('not_inside');
    expect(network.sent(doorCalls.doorCheckOut)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Entry' }));
    await scan(user, await issuer.issue('att_bob'));
    await outcome('admitted');
    await user.click(screen.getByRole('button', { name: 'Exit' }));
    setOnline(false);
    await scan(user, await issuer.issue('att_bob'));
    await outcome('queued');
    expect(card()).toHaveTextContent('Checked out offlineBob Ade');
    expect(screen.getByTestId('door-queue')).toHaveTextContent('1');
    setOnline(true);
    await waitFor(() => expect(screen.getByTestId('door-queue')).toHaveTextContent('0'));
    expect(network.sent(doorCalls.doorCheckOut).at(-1)?.body).toMatchObject({ attendee_id: 'att_bob', scanned_at: expect.any(String) as string });
    expect(server.list.get('att_bob')?.checked_in).toBe(false);
  });

  it('keeps the list, the keys and the queue on the phone: offline after a reload it still counts, admits and knows who is in', async () => {
    const { user, unmount } = await openDoor();
    await scan(user, await issuer.issue('att_ada'));
    await outcome('admitted');
    setOnline(false);
    await scan(user, await issuer.issue('att_bob'));
    await waitFor(() => expect(screen.getByTestId('door-queue')).toHaveTextContent('1'));
    unmount();

    const again = renderRoutes(routeObjects, paths.door(EVENT_ID));
    await waitFor(() => expect(screen.getByTestId('door-inside')).toHaveTextContent('2 / 85 tickets'));
    expect(screen.getByTestId('door-queue')).toHaveTextContent('1');
    await scan(again.user, await issuer.issue('att_ada'));
    await outcome('already');
    await scan(again.user, await issuer.issue('att_cy'));
    await outcome('queued');
    expect(screen.getByTestId('door-queue')).toHaveTextContent('2');
    // The offline search reads the phone's list by name.
    await scan(again.user, 'obi');
    expect(await within(screen.getByRole('region', { name: 'Attendees found' })).findByText('Cy Obi')).toBeInTheDocument();
  });

  it('keeps the session when the live view is refused for another reason than the session', async () => {
    await openDoor();
    gateway?.end({ code: 'not_found', message: 'Not found' });
    await waitFor(() => expect(screen.getByTestId('door-network')).toHaveAttribute('data-state', 'connecting'));
    expect(screen.getByRole('heading', { level: 1, name: 'You are checking in at North gate for Tech Meetup' })).toBeInTheDocument();
    expect(readDoorSession(EVENT_ID)).not.toBeNull();
  });
});
