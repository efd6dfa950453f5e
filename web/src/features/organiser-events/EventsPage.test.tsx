import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calls } from '@tapcard/shared/contract';
import { paths, routes } from '../../lib/paths.js';
import { dates, event } from '../../test/event-fixtures.js';
import { mockNetwork, ok } from '../../test/network.js';
import { renderRoutes, signIn, signOut } from '../../test/render.js';
import { EventsPage } from './EventsPage.js';
import { EventViewPage } from './EventViewPage.js';

const routeObjects = [
  { path: routes.events, element: <EventsPage /> },
  { path: routes.event, element: <EventViewPage /> },
];
const user = { name: 'Organiser', image: null };

beforeEach(() => signIn());
afterEach(() => {
  signOut();
});

describe('organiser events list', () => {
  it('features the first upcoming event and truncates the others; past events have no edit or Get Chips', async () => {
    const featured = event({ id: 'e1', title: 'Featured Launch', description: 'F'.repeat(120), ...dates.upcoming });
    const second = event({ id: 'e2', title: 'Second upcoming event', description: 'S'.repeat(70), ...dates.upcoming });
    const past = event({ id: 'e3', title: 'Past Gathering', ...dates.ended });
    const network = mockNetwork();
    network.on(calls.listEvents, ok({ upcoming: [featured, second], past: [past], all: [featured, second, past], user }));
    const { user: u } = renderRoutes(routeObjects, routes.events);

    expect(await screen.findByRole('heading', { name: 'Featured Launch' })).toBeInTheDocument();
    expect(network.sent(calls.listEvents)[0]?.query.toString()).toBe('page=1&limit=100');
    expect(screen.getByText(`${'F'.repeat(100)}...`)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Get Cards' })[0]).toHaveAttribute('href', paths.eventGetCards('e1'));
    expect(screen.getByRole('heading', { name: 'Second upcomi...' })).toBeInTheDocument();
    expect(screen.getByText(`${'S'.repeat(50)}...`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Second upcoming event' })).toHaveAttribute('href', paths.eventUpdate('e2'));
    // Both have chips but neither has started: Get Chips waits for the start.
    expect(screen.queryByRole('link', { name: 'Get Chips' })).not.toBeInTheDocument();

    await u.click(screen.getByRole('tab', { name: 'Past' }));
    const panel = await screen.findByRole('tabpanel');
    expect(within(panel).getByRole('heading', { name: 'Past Gatherin...' })).toBeInTheDocument();
    expect(within(panel).queryByRole('link', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('link', { name: 'Get Chips' })).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Delete Past Gathering' })).toBeInTheDocument();
  });

  it('offers Get Chips on a running event with chips, never on one yet to start', async () => {
    const running = event({ id: 'e1', title: 'Running Now', ...dates.ongoing });
    const later = event({ id: 'e2', title: 'Later On', ...dates.upcoming });
    const network = mockNetwork();
    network.on(calls.listEvents, ok({ upcoming: [running, later], past: [], all: [running, later], user }));
    renderRoutes(routeObjects, routes.events);
    expect(await screen.findByRole('heading', { name: 'Running Now' })).toBeInTheDocument();
    const chips = screen.getAllByRole('link', { name: 'Get Chips' });
    expect(chips).toHaveLength(1);
    expect(chips[0]?.closest('li')).toHaveTextContent('Running Now');
    expect(chips[0]).toHaveAttribute('href', paths.eventGetChips(running.id));
  });

  it('opens the same side menu as the connect page, so the list is no dead end', async () => {
    const network = mockNetwork();
    network.on(calls.listEvents, ok({ upcoming: [], past: [], all: [], user }));
    const { user: u } = renderRoutes(routeObjects, routes.events);
    await u.click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('link', { name: 'Connect' })).toHaveAttribute('href', routes.connect);
    expect(within(menu).getByRole('link', { name: 'Contacts' })).toHaveAttribute('href', routes.contacts);
    expect(within(menu).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', routes.settings);
    expect(within(menu).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it("shows the empty states", async () => {
    const network = mockNetwork();
    network.on(calls.listEvents, ok({ upcoming: [], past: [], all: [], user }));
    renderRoutes(routeObjects, routes.events);
    expect(await screen.findByText('No Events For Now. Check back Later')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Event' })).toHaveAttribute('href', routes.eventAdd);
  });

  it("shows 'No Upcoming Events.' beside past events", async () => {
    const network = mockNetwork();
    network.on(calls.listEvents, ok({ upcoming: [], past: [event({ ...dates.ended })], all: [], user }));
    renderRoutes(routeObjects, routes.events);
    expect(await screen.findByText('No Upcoming Events.')).toBeInTheDocument();
  });

  it("deletes after 'Are you sure?' and says 'Saved!'", async () => {
    const doomed = event({ id: 'e9', title: 'Doomed', ...dates.upcoming });
    const network = mockNetwork();
    network.on(calls.listEvents, ok({ upcoming: [doomed], past: [], all: [doomed], user }));
    network.on(calls.deleteEvent, ok(undefined, 'Event deleted'));
    const { user: u } = renderRoutes(routeObjects, routes.events);
    await u.click(await screen.findByRole('button', { name: 'Delete Doomed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    network.on(calls.listEvents, ok({ upcoming: [], past: [], all: [], user }));
    await u.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Saved!')).toBeInTheDocument();
    expect(network.sent(calls.deleteEvent)[0]?.path).toBe('/event/api/events/e9');
    expect(await screen.findByText('No Events For Now. Check back Later')).toBeInTheDocument();
  });
});

describe('organiser event view', () => {
  it('copies the open link, labels the chats link, and lists tickets in naira', async () => {
    const future = event({ id: 'e1', ...dates.upcoming, attendees: [] });
    const network = mockNetwork();
    network.on(calls.getEvent, ok(future));
    const { user: u } = renderRoutes(routeObjects, paths.event('e1'));
    // After user-event's setup, which installs its own clipboard.
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

    expect(await screen.findByRole('heading', { name: 'Tech Meetup', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Chat History' })).toHaveAttribute('href', paths.eventChat('e1'));
    expect(screen.getByRole('link', { name: 'Edit Tech Meetup' })).toBeInTheDocument();
    // A ticket has chips, but the event has not started.
    expect(screen.queryByRole('link', { name: 'Get Chips' })).not.toBeInTheDocument();
    expect(screen.getByText('NGN 15,000')).toBeInTheDocument();
    expect(screen.getByText('48 in stock')).toBeInTheDocument();
    expect(screen.getByText('No attendees yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View All' })).toHaveAttribute('href', paths.eventAttendees('e1'));

    await u.click(screen.getByRole('button', { name: 'Share Now' }));
    expect(await screen.findByText('Copied Event Link')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/events/l/tech-meetup`);

    writeText.mockRejectedValueOnce(new Error('denied'));
    await u.click(screen.getByRole('button', { name: 'Share Now' }));
    expect(await screen.findByText('Unable to copy link')).toBeInTheDocument();
  });

  it('offers Get Chips while the event runs', async () => {
    const network = mockNetwork();
    network.on(calls.getEvent, ok(event({ id: 'e1', ...dates.ongoing })));
    renderRoutes(routeObjects, paths.event('e1'));
    expect(await screen.findByRole('link', { name: 'Get Chips' })).toHaveAttribute('href', paths.eventGetChips('e1'));
  });

  it("asks 'Are you sure you want to delete this event?' with Yes and No", async () => {
    const network = mockNetwork();
    network.on(calls.getEvent, ok(event({ id: 'e1' })));
    network.on(calls.deleteEvent, ok(undefined, 'Event deleted'));
    network.on(calls.listEvents, ok({ upcoming: [], past: [], all: [], user }));
    const { user: u } = renderRoutes(routeObjects, paths.event('e1'));
    await u.click(await screen.findByRole('button', { name: 'Delete Tech Meetup' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to delete this event?' });
    expect(within(dialog).getByRole('button', { name: 'No' })).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.getByText('No Events For Now. Check back Later')).toBeInTheDocument());
  });
});
