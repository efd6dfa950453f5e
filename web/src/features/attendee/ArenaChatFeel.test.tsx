import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls, type ChatMessage } from '@tapcard/shared/contract';
import type { ArenaView } from '@tapcard/shared/realtime';
import { paths, routes } from '../../lib/paths.js';
import { ada, dates, EVENT_ID, eventSummary, message, ORGANISER_ID, privateMessage, TID } from '../../test/event-fixtures.js';
import { fail, mockNetwork, ok } from '../../test/network.js';
import { startRealtimeServer, type RealtimeTestServer } from '../../test/realtime-server.js';
import { failedAcrossReload } from '../../test/chat.js';
import { renderRoutes } from '../../test/render.js';
import { ArenaChatPage } from './ArenaChatPage.js';
import { ArenaPage } from './ArenaPage.js';
import { ArenaPrivateChatPage } from './ArenaPrivateChatPage.js';

/** The chat's feel: offline and queued sends, the kept outbox, before the start, unread private threads. */

const adminId = `admin-${ORGANISER_ID}`;

function arenaView(overrides: Partial<ArenaView> = {}): ArenaView {
  return { kind: 'arena', eventId: EVENT_ID, version: 4, event: eventSummary(), attendee: ada, chats: [message('m-bola', 1, 'Hello')], private_chats: [], ...overrides };
}

const routeObjects = [
  { path: routes.arena, element: <ArenaPage /> },
  { path: routes.arenaChat, element: <ArenaChatPage /> },
  { path: routes.arenaPrivateChat, element: <ArenaPrivateChatPage /> },
];

let server: RealtimeTestServer | null = null;
afterEach(() => {
  vi.restoreAllMocks();
});

/** The browser loses or regains the network, as it tells a page: navigator.onLine and the event. */
function setOnline(online: boolean) {
  vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

/** Answers group posts with the stored message, seq after seq. */
function echoPosts(network: ReturnType<typeof mockNetwork>) {
  let seq = 10;
  network.on(calls.chat, (request) => {
    seq += 1;
    const text = (request.body as { message: string }).message;
    return ok({ ...message(`m-${seq}`, seq, text, { id: ada.id, name: ada.name }) } satisfies ChatMessage);
  });
}

const bubble = (text: string) => within(screen.getByRole('log')).getByText(text).closest('li');
const status = () => screen.getByRole('status');
/** The page's first view waits for the socket (its script loads on first use): generous on a busy machine. */
const SLOW = { timeout: 10_000 };

describe('a dropped network', () => {
  it('shows offline at once, queues sends as pending, and sends them in order when back online', async () => {
    server = await startRealtimeServer(() => arenaView());
    const network = mockNetwork();
    echoPosts(network);
    const { user } = renderRoutes(routeObjects, paths.arenaChat(TID));
    const input = await screen.findByRole('textbox', { name: 'Message' }, SLOW);
    await waitFor(() => expect(status()).toHaveAttribute('data-connection', 'live'), SLOW);

    setOnline(false);
    await waitFor(() => expect(status()).toHaveTextContent('You are offline — updates resume when the connection is back'), { timeout: 3000 });
    await user.type(input, 'First one{Enter}');
    await user.type(input, 'Second one{Enter}');
    for (const text of ['First one', 'Second one']) {
      expect(bubble(text)).toHaveAttribute('data-state', 'pending');
      expect(within(bubble(text) as HTMLElement).getByText('Waiting for the network…')).toBeInTheDocument();
    }
    expect(network.sent(calls.chat)).toHaveLength(0);

    setOnline(true);
    await waitFor(() => expect(bubble('Second one')).toHaveAttribute('data-state', 'sent'), SLOW);
    expect(bubble('First one')).toHaveAttribute('data-state', 'sent');
    expect(network.sent(calls.chat).map((r) => (r.body as { message: string }).message)).toEqual(['First one', 'Second one']);
    // And live again, over a new socket.
    await waitFor(() => expect(status()).toHaveAttribute('data-connection', 'live'), SLOW);
    expect(status()).toHaveTextContent('');
  });
});

describe('a visit with no network', () => {
  it('shows the history this device kept from its last visit, says it is offline, and queues a send', async () => {
    server = await startRealtimeServer(() => arenaView({ chats: [message('m-bola', 1, 'Hello'), message('m-tolu', 2, 'See you at the stage', { id: 'att-tolu', name: 'Tolu' })] }));
    mockNetwork();
    renderRoutes(routeObjects, paths.arenaChat(TID));
    await within(await screen.findByRole('log', {}, SLOW)).findByText('See you at the stage', {}, SLOW);
    await waitFor(() => expect(status()).toHaveAttribute('data-connection', 'live'), SLOW);
    cleanup();

    setOnline(false);
    const again = renderRoutes(routeObjects, paths.arenaChat(TID));
    const log = await screen.findByRole('log', {}, SLOW);
    expect(within(log).getByText('Hello')).toBeInTheDocument();
    expect(within(log).getByText('See you at the stage')).toBeInTheDocument();
    expect(status()).toHaveTextContent('You are offline — updates resume when the connection is back');
    await again.user.type(screen.getByRole('textbox', { name: 'Message' }), 'On my way{Enter}');
    expect(within(bubble('On my way') as HTMLElement).getByText('Waiting for the network…')).toBeInTheDocument();
  });
});

describe('the outbox', () => {
  it('keeps a failed message across a reload, with Retry and Delete', async () => {
    server = await startRealtimeServer(() => arenaView());
    const network = mockNetwork();
    network.on(calls.chat, fail('Too many messages, wait a moment.', 429));
    const { user, kept } = await failedAcrossReload(routeObjects, paths.arenaChat(TID), 'Keep me', SLOW);
    expect(within(kept).getByText(/Not sent\./)).toBeInTheDocument();

    // Retry sends it (it fails again, and is still there); Delete drops it for good.
    await user.click(within(kept).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(network.sent(calls.chat)).toHaveLength(2), SLOW);
    await waitFor(() => expect(bubble('Keep me')).toHaveAttribute('data-state', 'failed'), SLOW);
    await user.click(within(bubble('Keep me') as HTMLElement).getByRole('button', { name: 'Delete' }));
    expect(within(screen.getByRole('log')).queryByText('Keep me')).not.toBeInTheDocument();

    cleanup();
    renderRoutes(routeObjects, paths.arenaChat(TID));
    expect(await within(await screen.findByRole('log', {}, SLOW)).findByText('Hello')).toBeInTheDocument();
    expect(within(screen.getByRole('log')).queryByText('Keep me')).not.toBeInTheDocument();
  });

  it('keeps a queued message across a reload and sends it once back online', async () => {
    server = await startRealtimeServer(() => arenaView());
    const network = mockNetwork();
    echoPosts(network);
    const first = renderRoutes(routeObjects, paths.arenaChat(TID));
    const input = await screen.findByRole('textbox', { name: 'Message' }, SLOW);
    setOnline(false);
    await first.user.type(input, 'While offline{Enter}');
    expect(within(bubble('While offline') as HTMLElement).getByText('Waiting for the network…')).toBeInTheDocument();

    cleanup();
    // The arena's snapshot is the last thing the page had; here the socket still answers it.
    renderRoutes(routeObjects, paths.arenaChat(TID));
    setOnline(true);
    await waitFor(() => expect(bubble('While offline')).toHaveAttribute('data-state', 'sent'), SLOW);
    expect(network.sent(calls.chat).map((r) => (r.body as { message: string }).message)).toEqual(['While offline']);
  });
});

describe('before the event starts', () => {
  it("shows the organiser's posts, says 'Let's get you started' and sends nothing", async () => {
    server = await startRealtimeServer(() =>
      arenaView({ event: eventSummary(dates.upcoming), chats: [message('m-admin', 1, 'Doors open at nine', { id: adminId, name: 'ADMIN' })] }),
    );
    const network = mockNetwork();
    echoPosts(network);
    const { user, router } = renderRoutes(routeObjects, paths.arenaChat(TID));
    expect(await screen.findByText('Yet to start', {}, SLOW)).toBeInTheDocument();
    expect(within(screen.getByRole('log')).getByText('Doors open at nine')).toBeInTheDocument();
    const input = screen.getByRole('textbox', { name: 'Message' });
    expect(input).toBeDisabled();
    expect(input).toHaveAttribute('placeholder', "Let's get you started");
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();

    // The private chat with the organiser too.
    await router.navigate(paths.arenaPrivateChat(TID, adminId));
    const privateInput = await screen.findByRole('textbox', { name: 'Message' }, SLOW);
    await waitFor(() => expect(privateInput).toBeDisabled(), SLOW);
    expect(privateInput).toHaveAttribute('placeholder', "Let's get you started");
    await user.type(privateInput, 'Hi{Enter}');
    expect(network.sent(calls.privateChat)).toHaveLength(0);
  });
});

describe('unread private messages', () => {
  it('counts them per thread and in total on the arena and the group chat, and clears a thread once opened', async () => {
    server = await startRealtimeServer(() =>
      arenaView({
        private_chats: [
          privateMessage('p1', 2, 'Psst Ada', 'att-bola', ada.id),
          privateMessage('p2', 3, 'Are you there?', 'att-bola', ada.id),
          privateMessage('p3', 4, 'I am', ada.id, 'att-bola', ada.name),
          privateMessage('p4', 5, 'Lunch later?', 'att-cy', ada.id, 'Cy Eze'),
        ],
      }),
    );
    mockNetwork();
    const { user } = renderRoutes(routeObjects, paths.arena(TID));

    // The arena: both threads, 2 + 1 unread.
    let nav = await screen.findByRole('navigation', { name: 'Private messages' }, SLOW);
    expect(within(nav).getByRole('heading', { name: 'Private messages (3 unread messages)' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: /Bola Ade \(2 unread messages\)/ })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: /Cy Eze \(1 unread message\)/ })).toBeInTheDocument();

    // The group chat shows the same; opening Bola's thread reads it.
    await user.click(screen.getByRole('link', { name: 'Event Chat' }));
    nav = await screen.findByRole('navigation', { name: 'Private messages' }, SLOW);
    expect(within(nav).getByRole('heading', { name: 'Private messages (3 unread messages)' })).toBeInTheDocument();
    await user.click(within(nav).getByRole('link', { name: /Bola Ade/ }));
    await screen.findByRole('heading', { name: 'Bola Ade' }, SLOW);
    await user.click(screen.getByRole('link', { name: /Back to Event Chat/ }));

    nav = await screen.findByRole('navigation', { name: 'Private messages' }, SLOW);
    expect(within(nav).getByRole('heading', { name: 'Private messages (1 unread message)' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: /Bola Ade/ })).not.toHaveAccessibleName(/unread/);

    // A new message from Bola counts again.
    server.update({ eventId: EVENT_ID, version: 4, prevVersion: 4, scope: 'private', private_chats: [privateMessage('p5', 6, 'One more thing', 'att-bola', ada.id)] });
    await waitFor(() => expect(within(nav).getByRole('link', { name: /Bola Ade \(1 unread message\)/ })).toBeInTheDocument(), SLOW);
    expect(within(nav).getByRole('heading', { name: 'Private messages (2 unread messages)' })).toBeInTheDocument();
  });
});
