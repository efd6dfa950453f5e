import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { doorCalls } from '@tapcard/shared/contract';
import { pages } from '@tapcard/shared/pages';
import { readDoorSession, saveDoorSession } from '../../lib/door-session.js';
import { paths, routes } from '../../lib/paths.js';
import { fail, mockNetwork, ok } from '../../test/network.js';
import { renderRoutes } from '../../test/render.js';
import { DoorPage } from './DoorPage.js';
import { StaffLinkPage } from './StaffLinkPage.js';

const routeObjects = [
  { path: routes.staffLink, element: <StaffLinkPage /> },
  { path: routes.door, element: <DoorPage /> },
];

const EVENT_ID = 'event-1';
const LATER = new Date(Date.now() + 24 * 3_600_000).toISOString();
const sessionData = { event_id: EVENT_ID, event: { id: EVENT_ID, title: 'Tech Meetup', start_date: '2030-01-01', end_date: null }, link_id: 'link-1', gate: 'North gate', expires_at: LATER, check_out: false, total_stock: 85 };
const ada = { id: 'att-1', name: 'Ada Lovelace', email: 'ada@example.com', image: '', price_category: 'Regular', checked_in: false, checked_in_at: null, checked_in_by: null };
const REVOKED = 'This staff link has been revoked. Ask the organiser for a new one.';

afterEach(() => {
  // Unmount before the network stub goes, so no request of a page still open reaches the real fetch
  // (its network-error toast would show in the next test).
  cleanup();
  localStorage.clear();
});

function holdSession() {
  saveDoorSession({ session: 'door-token', eventId: EVENT_ID, eventTitle: 'Tech Meetup', gate: 'North gate', expiresAt: LATER });
}

describe('staff link page', () => {
  it('trades the secret for a door session, keeps it on the phone and shows the gate and event', async () => {
    const network = mockNetwork();
    network.on(doorCalls.openStaffLink, ok({ ...sessionData, session: 'door-token' }));
    network.on(doorCalls.doorSession, ok(sessionData));
    renderRoutes(routeObjects, pages.staffLink('the-secret'));

    expect(await screen.findByRole('heading', { name: 'You are checking in at North gate for Tech Meetup' })).toBeInTheDocument();
    expect(network.sent(doorCalls.openStaffLink).map((r) => r.body)).toEqual([{ secret: 'the-secret' }]);
    expect(readDoorSession(EVENT_ID)).toMatchObject({ session: 'door-token', gate: 'North gate', eventTitle: 'Tech Meetup' });
  });

  it('says why a revoked link cannot be used, and stores nothing', async () => {
    const network = mockNetwork();
    network.on(doorCalls.openStaffLink, fail(REVOKED, 403));
    renderRoutes(routeObjects, pages.staffLink('the-secret'));
    // The page's own alert (a toast left over from another test can be an alert too).
    const alert = (await screen.findByText('This staff link cannot be used')).closest('[role="alert"]');
    expect(alert).toHaveTextContent(REVOKED);
    expect(readDoorSession(EVENT_ID)).toBeNull();
  });
});

describe('door page', () => {
  it('tells a phone without a door session to open the staff link', async () => {
    mockNetwork();
    renderRoutes(routeObjects, paths.door());
    expect(await screen.findByRole('heading', { name: 'This phone has no door session' })).toBeInTheDocument();
  });

  it('finds an attendee by name and checks them in with a client id, saying so', async () => {
    holdSession();
    const network = mockNetwork();
    network.on(doorCalls.doorSession, ok(sessionData));
    let checkedIn = false;
    network.on(doorCalls.doorSearch, () => ok({ event_id: EVENT_ID, attendees: [checkedIn ? { ...ada, checked_in: true, checked_in_at: new Date().toISOString(), checked_in_by: 'North gate' } : ada] }));
    network.on(doorCalls.doorCheckIn, () => {
      checkedIn = true;
      return ok({ event_id: EVENT_ID, outcome: 'admitted', attendee: { id: ada.id, name: ada.name, image: '' }, checked_in_at: new Date().toISOString(), checked_in_by: 'North gate' });
    });
    const { user } = renderRoutes(routeObjects, paths.door(EVENT_ID));

    await user.type(await screen.findByRole('searchbox', { name: 'Find an attendee' }), 'ada');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.click(await screen.findByRole('button', { name: 'Check in Ada Lovelace' }));

    await waitFor(() => expect(screen.getByTestId('door-result')).toHaveAttribute('data-outcome', 'admitted'));
    expect(screen.getByTestId('door-result')).toHaveTextContent('AdmittedAda Lovelace');
    const [sent] = network.sent(doorCalls.doorCheckIn);
    expect(sent?.body).toMatchObject({ session: 'door-token', attendee_id: ada.id });
    expect((sent?.body as { client_id?: string }).client_id).toBeTruthy();
    expect(network.sent(doorCalls.doorSearch).at(-1)?.body).toEqual({ session: 'door-token', query: 'ada' });
    await waitFor(() => expect(screen.getByText(/^Checked in at North gate/)).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Check in Ada Lovelace' })).not.toBeInTheDocument();
  });

  it('asks the server again when the same words are searched again, and says Checked in for one checked in before times were kept', async () => {
    holdSession();
    const network = mockNetwork();
    network.on(doorCalls.doorSession, ok(sessionData));
    let searches = 0;
    network.on(doorCalls.doorSearch, () => {
      searches += 1;
      return searches === 1 ? ok({ event_id: EVENT_ID, attendees: [ada] }) : ok({ event_id: EVENT_ID, attendees: [{ ...ada, checked_in: true }] });
    });
    const { user } = renderRoutes(routeObjects, paths.door(EVENT_ID));
    await user.type(await screen.findByRole('searchbox', { name: 'Find an attendee' }), 'ada');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('button', { name: 'Check in Ada Lovelace' })).toBeInTheDocument();

    // Another gate checked Ada in meanwhile (an old check-in, without a time or gate).
    await user.click(screen.getByRole('button', { name: 'Search' }));
    // (a search result's line, not the count's 'Checked in' label)
    expect(await screen.findByText('Checked in', { selector: 'p' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check in Ada Lovelace' })).not.toBeInTheDocument();
    expect(network.sent(doorCalls.doorSearch)).toHaveLength(2);
  });

  it('says when nobody matches', async () => {
    holdSession();
    const network = mockNetwork();
    network.on(doorCalls.doorSession, ok(sessionData));
    network.on(doorCalls.doorSearch, ok({ event_id: EVENT_ID, attendees: [] }));
    const { user } = renderRoutes(routeObjects, paths.door());
    await user.type(await screen.findByRole('searchbox', { name: 'Find an attendee' }), 'zed');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No attendee matches “zed”.')).toBeInTheDocument();
  });

  it('refuses a check-in once the link is revoked, with the server\'s message, and forgets the session', async () => {
    holdSession();
    const network = mockNetwork();
    network.on(doorCalls.doorSession, ok(sessionData));
    network.on(doorCalls.doorSearch, ok({ event_id: EVENT_ID, attendees: [ada] }));
    network.on(doorCalls.doorCheckIn, fail(REVOKED, 403));
    const { user } = renderRoutes(routeObjects, paths.door());
    await user.type(await screen.findByRole('searchbox', { name: 'Find an attendee' }), 'ada');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.click(await screen.findByRole('button', { name: 'Check in Ada Lovelace' }));

    expect(await screen.findByRole('heading', { name: 'This phone can no longer check in' })).toBeInTheDocument();
    expect(screen.getByTestId('door-ended')).toHaveTextContent(REVOKED);
    expect(readDoorSession(EVENT_ID)).toBeNull();
  });
});
