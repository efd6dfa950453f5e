import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { doorCalls } from '@tapcard/shared/contract';
import { pages } from '@tapcard/shared/pages';
import { readDoorSession, saveDoorSession } from '../../lib/door-session.js';
import { paths } from '../../lib/paths.js';
import { fail, mockNetwork, ok } from '../../test/network.js';
import { serverState, serverThenBrowser } from '../../test/visitor.js';
import { EVENT_ID, GATE, SESSION, ticketIssuer } from './door.fixtures.js';
import { DoorVisit } from './DoorVisit.js';
import { clearDoorHandover, doorHandover } from './handover.js';

const LATER = new Date(Date.now() + 24 * 3_600_000).toISOString();
const sessionData = { event_id: EVENT_ID, event: { id: EVENT_ID, title: 'Tech Meetup', start_date: '2030-01-01', end_date: null }, link_id: 'link-1', gate: GATE, expires_at: LATER, check_out: true, total_stock: 85 };
const heading = `You are checking in at ${GATE} for Tech Meetup`;
const issuer = await ticketIssuer();

const holdSession = () => saveDoorSession({ session: SESSION, eventId: EVENT_ID, eventTitle: 'Tech Meetup', gate: GATE, expiresAt: LATER, checkOut: true, totalStock: 85 });
/** A take-over that runs the page's hand-over and then never arrives, as on a slow network. */
const arrivingNever = () => vi.fn((prepare?: () => void) => new Promise<void>(() => void prepare?.()));
const searchBox = () => screen.getByRole('searchbox', { name: 'Find an attendee' });

afterEach(() => {
  localStorage.clear();
  clearDoorHandover();
  window.history.replaceState(null, '', '/');
});

describe('the door of the light entry', () => {
  it('paints the desk’s frame from the server with nothing of the phone, then the gate and a search box ready for a ticket, and lets the app take over', async () => {
    const markup = renderToString(<DoorVisit url={new URL(paths.door(EVENT_ID), window.location.origin)} state={serverState([])} />);
    // The session is on the phone only: the server draws the frame, with the box waiting for the scripts.
    expect(markup).toContain('Door check-in');
    expect(markup).toContain('Starting the camera');
    expect(markup).not.toContain(SESSION);
    expect(markup).toMatch(/<input[^>]*type="search"[^>]*disabled=""|<input[^>]*disabled=""[^>]*type="search"/);

    holdSession();
    window.history.replaceState(null, '', paths.door(EVENT_ID));
    const takeOver = vi.fn(async () => undefined);
    expect(await serverThenBrowser(DoorVisit, paths.door(EVENT_ID), [], takeOver)).toEqual([]);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(searchBox()).toBeEnabled();
    // The event tracks who is inside: the exit mode is offered from the first paint of the session.
    expect(screen.getByRole('group', { name: 'Scanning for' })).toBeInTheDocument();
    await waitFor(() => expect(takeOver).toHaveBeenCalledTimes(1));
  });

  it('keeps tickets entered before the app arrives, in order, with the mode and the box, and hands them to the desk', async () => {
    holdSession();
    window.history.replaceState(null, '', paths.door(EVENT_ID));
    const takeOver = arrivingNever();
    await serverThenBrowser(DoorVisit, paths.door(EVENT_ID), [], takeOver);
    await waitFor(() => expect(searchBox()).toBeEnabled());
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Exit' }));
    const [first, second] = await Promise.all([issuer.issue('att_ada'), issuer.issue('att_bob')]);
    for (const ticket of [first, second]) {
      await user.click(searchBox());
      await user.paste(ticket);
      await user.keyboard('{Enter}');
    }
    expect(screen.getByTestId('door-waiting')).toHaveTextContent('2 tickets received: the door checks them in a moment.');
    // A barcode scanner in keyboard mode, outside the box: a fast burst ended by Enter, kept likewise.
    const wedged = await issuer.issue('att_cy');
    await user.click(document.body);
    await user.keyboard(`${wedged}{Enter}`);
    expect(screen.getByTestId('door-waiting')).toHaveTextContent('3 tickets received');
    await user.type(searchBox(), 'Ada');
    // The take-over's hand-over runs just before the app draws: it reads the page as it is then.
    const prepare = takeOver.mock.calls[0]?.[0];
    prepare?.();
    expect(doorHandover(EVENT_ID)).toEqual({ eventId: EVENT_ID, codes: [first, second, wedged], mode: 'out', draft: 'Ada', search: '', focused: true });
    // Read when the app draws (a render a tap may restart), not when it was asked to: a later ticket still passes.
    const fourth = await issuer.issue('att_dee');
    await user.clear(searchBox());
    await user.paste(fourth);
    await user.keyboard('{Enter}');
    expect(doorHandover(EVENT_ID)?.codes).toEqual([first, second, wedged, fourth]);
  });

  it('opens a staff link with a plain request, keeps the session, takes the secret out of the address, then lets the app take over', async () => {
    const network = mockNetwork();
    network.on(doorCalls.openStaffLink, ok({ ...sessionData, session: SESSION }));
    window.history.replaceState(null, '', pages.staffLink('the-secret'));
    const takeOver = vi.fn(async () => undefined);
    expect(renderToString(<DoorVisit url={new URL(pages.staffLink('the-secret'), window.location.origin)} state={serverState([])} />)).toContain('Opening the staff link');
    expect(await serverThenBrowser(DoorVisit, pages.staffLink('the-secret'), [], takeOver)).toEqual([]);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(network.sent(doorCalls.openStaffLink).map((r) => r.body)).toEqual([{ secret: 'the-secret' }]);
    expect(readDoorSession(EVENT_ID)).toMatchObject({ session: SESSION, gate: GATE, checkOut: true, totalStock: 85 });
    expect(window.location.pathname + window.location.search).toBe(paths.door(EVENT_ID));
    await waitFor(() => expect(takeOver).toHaveBeenCalledTimes(1));
  });

  it('leaves a link it could not open to the app, which asks again and says why, at the same address', async () => {
    const network = mockNetwork();
    network.on(doorCalls.openStaffLink, fail('This staff link has been revoked. Ask the organiser for a new one.', 403));
    window.history.replaceState(null, '', pages.staffLink('revoked'));
    const takeOver = vi.fn(async () => undefined);
    await serverThenBrowser(DoorVisit, pages.staffLink('revoked'), [], takeOver);
    await waitFor(() => expect(takeOver).toHaveBeenCalledTimes(1));
    expect(screen.getByText('Opening the staff link…')).toBeInTheDocument();
    expect(readDoorSession(EVENT_ID)).toBeNull();
    expect(window.location.pathname).toBe(pages.staffLink('revoked'));
  });

  it('says so when the phone has no door session', async () => {
    const takeOver = vi.fn(async () => undefined);
    await serverThenBrowser(DoorVisit, paths.door(), [], takeOver);
    expect(await screen.findByRole('heading', { level: 1, name: 'This phone has no door session' })).toBeInTheDocument();
    await waitFor(() => expect(takeOver).toHaveBeenCalledTimes(1));
  });
});
