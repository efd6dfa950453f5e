import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { arenaSafetyCalls, type Announcement, type ArenaSafety } from '@tapcard/shared/contract';
import type { ArenaView } from '@tapcard/shared/realtime';
import { paths, routes } from '../../lib/paths.js';
import { ada, attendeeArenaView, dates, EVENT_ID, eventSummary, message, TID } from '../../test/event-fixtures.js';
import { fail, mockNetwork, ok, type MockNetwork } from '../../test/network.js';
import { startRealtimeServer, type RealtimeTestServer } from '../../test/realtime-server.js';
import { renderRoutes } from '../../test/render.js';
import { ArenaPage } from './ArenaPage.js';

/** The arena page's Privacy section (its own chunk: the page shows a placeholder section until it arrives) and pinned announcements. */

const own = { ...ada, dm_policy: 'anyone' as const, hidden: false };

function arenaView(overrides: Partial<ArenaView> = {}): ArenaView {
  return attendeeArenaView({
    attendee: own,
    chats: [message('m-bola', 1, 'Hello'), message('m-cy', 2, 'Cy here', { id: 'att-cy', name: 'Cy Eze' })],
    blocked: ['att-bola'],
    ...overrides,
  });
}

const bola = { id: 'att-bola', name: 'Bola Ade', image: '' };
const cy = { id: 'att-cy', name: 'Cy Eze', image: '' };

function safety(blocked = [bola]): ArenaSafety {
  return { event_id: EVENT_ID, dm_policy: 'anyone', hidden: false, blocked };
}

/** Answers the settings call as the upstream does: the settings after the change. */
function answerSettings(network: MockNetwork) {
  const current: Pick<ArenaSafety, 'dm_policy' | 'hidden'> = { dm_policy: 'anyone', hidden: false };
  network.on(arenaSafetyCalls.arenaSettings, (request) => {
    Object.assign(current, Object.fromEntries(Object.entries(request.body as object).filter(([key]) => key !== 'event_id')));
    return ok({ event_id: EVENT_ID, ...current });
  });
}

const SLOW = { timeout: 10_000 };
const routeObjects = [{ path: routes.arena, element: <ArenaPage /> }];
const privacy = () => screen.getByRole('region', { name: 'Privacy' });

let server: RealtimeTestServer | null = null;
afterEach(() => {
  vi.restoreAllMocks();
});

async function openArena(view: ArenaView, answer: ArenaSafety | ((n: number) => ArenaSafety) = safety()) {
  server = await startRealtimeServer(() => view);
  const network = mockNetwork();
  let reads = 0;
  network.on(arenaSafetyCalls.arenaSafety, () => ok(typeof answer === 'function' ? answer(++reads) : answer));
  const rendered = renderRoutes(routeObjects, paths.arena(TID));
  await screen.findByRole('region', { name: 'Privacy' }, SLOW);
  return { network, ...rendered };
}

describe('the Privacy section', () => {
  it('saves who may start a private chat, and says it was saved', async () => {
    const { network, user } = await openArena(arenaView());
    answerSettings(network);
    const group = await screen.findByRole('group', { name: 'Who can start a private chat with you' }, SLOW);
    expect(within(group).getByRole('radio', { name: 'Anyone' })).toBeChecked();
    await user.click(within(group).getByRole('radio', { name: 'Nobody' }));
    expect(await within(privacy()).findByText('Saved', {}, SLOW)).toBeInTheDocument();
    expect(within(group).getByRole('radio', { name: 'Nobody' })).toBeChecked();
    expect(network.sent(arenaSafetyCalls.arenaSettings)[0]?.body).toEqual({ event_id: EVENT_ID, dm_policy: 'nobody' });
    expect(network.sent(arenaSafetyCalls.arenaSettings)[0]?.path).toBe(`/event/public/api/arena/${TID}/settings`);
  });

  it('hides the attendee from public lists with the switch', async () => {
    const { network, user } = await openArena(arenaView());
    answerSettings(network);
    const hide = await screen.findByRole('switch', { name: 'Hide me from public attendee lists' }, SLOW);
    expect(hide).not.toBeChecked();
    await user.click(hide);
    await waitFor(() => expect(hide).toBeChecked(), SLOW);
    expect(within(privacy()).getByText('Hidden')).toBeInTheDocument();
    expect(network.sent(arenaSafetyCalls.arenaSettings)[0]?.body).toEqual({ event_id: EVENT_ID, hidden: true });
  });

  it('puts a refused choice back as it was', async () => {
    const { network, user } = await openArena(arenaView());
    network.on(arenaSafetyCalls.arenaSettings, fail('This event has ended', 403));
    const group = await screen.findByRole('group', { name: 'Who can start a private chat with you' }, SLOW);
    await user.click(within(group).getByRole('radio', { name: 'Only people I have written to' }));
    expect(await screen.findByText('This event has ended', {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(within(group).getByRole('radio', { name: 'Anyone' })).toBeChecked());
  });

  it('follows changes made on another device, live', async () => {
    await openArena(arenaView());
    const group = await screen.findByRole('group', { name: 'Who can start a private chat with you' }, SLOW);
    server?.update({ eventId: EVENT_ID, version: 4, prevVersion: 4, scope: 'private', attendees: [{ ...own, dm_policy: 'replied', hidden: true }] });
    await waitFor(() => expect(within(group).getByRole('radio', { name: 'Only people I have written to' })).toBeChecked(), SLOW);
    expect(within(privacy()).getByRole('switch', { name: 'Hide me from public attendee lists' })).toBeChecked();
  });

  it('lists the blocked attendees with Unblock, and follows blocks made elsewhere', async () => {
    const { network, user } = await openArena(arenaView(), (reads) => safety(reads === 1 ? [bola] : [bola, cy]));
    const list = await screen.findByRole('list', { name: 'Blocked attendees' }, SLOW);
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([expect.stringContaining('Bola Ade')]);

    // Cy blocked from another phone: the list reads the names again.
    server?.update({ eventId: EVENT_ID, version: 4, prevVersion: 4, scope: 'private', blocked: ['att-bola', 'att-cy'] });
    expect(await within(list).findByRole('button', { name: 'Unblock Cy Eze' }, SLOW)).toBeInTheDocument();

    network.on(arenaSafetyCalls.blockAttendee, ok({ event_id: EVENT_ID, blocked: ['att-cy'] }));
    await user.click(within(list).getByRole('button', { name: 'Unblock Bola Ade' }));
    await waitFor(() => expect(within(list).queryByText('Bola Ade')).not.toBeInTheDocument(), SLOW);
    expect(network.sent(arenaSafetyCalls.blockAttendee)[0]?.body).toEqual({ event_id: EVENT_ID, attendee_id: 'att-bola', blocked: false });
    expect(await screen.findByText('You unblocked Bola Ade', {}, SLOW)).toBeInTheDocument();

    server?.update({ eventId: EVENT_ID, version: 4, prevVersion: 4, scope: 'private', blocked: [] });
    expect(await within(privacy()).findByText('You have not blocked anyone.', {}, SLOW)).toBeInTheDocument();
  });

  it('says when the settings could not be loaded, and tries again', async () => {
    const view = arenaView({ attendee: ada, blocked: undefined });
    server = await startRealtimeServer(() => view);
    const network = mockNetwork();
    network.on(arenaSafetyCalls.arenaSafety, fail('Server error', 500));
    const { user } = renderRoutes(routeObjects, paths.arena(TID));
    expect(await screen.findByText('Loading your privacy settings…', {}, SLOW)).toBeInTheDocument();
    const alert = await screen.findByRole('alert', {}, SLOW);
    const section = screen.getByRole('region', { name: 'Privacy' });
    expect(section).toContainElement(alert);
    expect(alert).toHaveTextContent('Your privacy settings could not be loaded.');

    network.on(arenaSafetyCalls.arenaSafety, ok(safety([])));
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByRole('radio', { name: 'Anyone' }, SLOW)).toBeChecked();
    expect(within(section).getByText('You have not blocked anyone.')).toBeInTheDocument();
  });
});

describe('pinned announcements on the arena', () => {
  const pin = (id: string, seq: number, text: string, pinned = true): Announcement => ({ id, event_id: EVENT_ID, message: text, pinned, created_at: new Date().toISOString(), seq });

  it('shows them live, before and during the event', async () => {
    await openArena(arenaView({ event: eventSummary(dates.upcoming), announcements: [pin('a1', 2, 'Doors open at nine')] }));
    const list = screen.getByRole('list', { name: 'Pinned announcements' });
    expect(within(list).getByText('Doors open at nine')).toBeInTheDocument();
    server?.update({ eventId: EVENT_ID, version: 5, prevVersion: 4, scope: 'event', announcements: [pin('a1', 5, 'Doors open at nine', false)] });
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Pinned announcements' })).not.toBeInTheDocument(), SLOW);
    server?.update({ eventId: EVENT_ID, version: 6, prevVersion: 5, scope: 'event', announcements: [pin('a2', 6, 'Parking is full')] });
    expect(await screen.findByText('Parking is full', {}, SLOW)).toBeInTheDocument();
  });
});
