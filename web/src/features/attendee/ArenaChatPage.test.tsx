import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls } from '@tapcard/shared/contract';
import type { ArenaView } from '@tapcard/shared/realtime';
import { paths, routes } from '../../lib/paths.js';
import { ada, attendeeArenaView, attendeeToken, dates, EVENT_ID, eventSummary, message, ORGANISER_ID, privateMessage, TID } from '../../test/event-fixtures.js';
import { mockNetwork, ok } from '../../test/network.js';
import { startRealtimeServer, type RealtimeTestServer } from '../../test/realtime-server.js';
import { LocationProbe, renderRoutes } from '../../test/render.js';
import { ArenaChatPage } from './ArenaChatPage.js';
import { ArenaPrivateChatPage } from './ArenaPrivateChatPage.js';

const adminMessage = message('m-admin', 2, 'Welcome all', { id: `admin-${ORGANISER_ID}`, name: 'ADMIN' });

function arenaView(overrides: Partial<ArenaView> = {}): ArenaView {
  return attendeeArenaView({ chats: [message('m-bola', 1, 'Hello'), adminMessage], ...overrides });
}

/** The page's first view waits for the socket (its script loads on first use): generous on a busy machine. */
const SLOW = { timeout: 10_000 };

const routeObjects = [
  { path: routes.arenaChat, element: <ArenaChatPage /> },
  { path: routes.arenaPrivateChat, element: <ArenaPrivateChatPage /> },
  { path: routes.arena, element: <LocationProbe label="arena" /> },
];

let server: RealtimeTestServer | null = null;

describe('arena group chat', () => {
  it('shows the status line and the three message styles', async () => {
    server = await startRealtimeServer(() => arenaView({ chats: [message('m-bola', 1, 'Hello'), adminMessage, message('m-own', 3, 'Morning!', { id: ada.id, name: ada.name })] }));
    mockNetwork();
    renderRoutes(routeObjects, paths.arenaChat(TID));

    expect(await screen.findByRole('heading', { name: 'Tech Meetup' }, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Ongoing')).toBeInTheDocument();
    const log = screen.getByRole('log');
    expect(within(log).getByText('Hello').closest('li')).toHaveAttribute('data-style', 'other');
    const admin = within(log).getByText('Welcome all').closest('li');
    expect(admin).toHaveAttribute('data-style', 'admin');
    expect(within(admin as HTMLElement).getByText('ADMIN')).toBeInTheDocument();
    expect(within(log).getByText('Morning!').closest('li')).toHaveAttribute('data-style', 'own');
    expect(server.subscribes[0]?.payload).toEqual({ kind: 'arena', tid: TID });
  });

  it('shows a sent message at once, then once only when the live update brings it again', async () => {
    server = await startRealtimeServer(() => arenaView());
    const network = mockNetwork();
    let answer: (() => void) | undefined;
    const stored = message('m-new', 5, 'Hi everyone', { id: ada.id, name: ada.name });
    network.on(calls.chat, () => new Promise((resolve) => (answer = () => resolve(ok(stored)))));
    const { user } = renderRoutes(routeObjects, paths.arenaChat(TID));

    const input = await screen.findByRole('textbox', { name: 'Message' }, SLOW);
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.type(input, 'Hi everyone{Enter}');

    // Pending at once, before the server answers.
    const log = screen.getByRole('log');
    const pending = within(log).getByText('Hi everyone').closest('li');
    expect(pending).toHaveAttribute('data-state', 'pending');
    expect(input).toHaveValue('');
    await waitFor(() => expect(network.sent(calls.chat)).toHaveLength(1));
    const sent = network.sent(calls.chat)[0];
    expect(sent?.path).toBe(`/event/public/api/create-chat/${TID}`);
    expect(sent?.body).toEqual({ event_id: EVENT_ID, attendee_id: ada.id, message: 'Hi everyone', image: '' });

    answer?.();
    await waitFor(() => expect(within(log).getByText('Hi everyone').closest('li')).toHaveAttribute('data-state', 'sent'));

    // The gateway's update carries the same message: still shown once.
    server.update({ eventId: EVENT_ID, version: 5, prevVersion: 4, scope: 'event', chats: [stored] });
    server.update({ eventId: EVENT_ID, version: 6, prevVersion: 5, scope: 'event', chats: [message('m-next', 6, 'After you')] });
    expect(await within(log).findByText('After you')).toBeInTheDocument();
    expect(within(log).getAllByText('Hi everyone')).toHaveLength(1);
  });

  it('links an author to a private chat, and the private chat sends to that attendee', async () => {
    server = await startRealtimeServer(() =>
      arenaView({ private_chats: [privateMessage('p1', 3, 'Psst Ada', 'att-bola', ada.id), privateMessage('p2', 4, 'Not for Ada', 'att-bola', 'att-cy')] }),
    );
    const network = mockNetwork();
    network.on(calls.privateChat, (request) => ok({ ...privateMessage('p9', 9, String((request.body as { message: string }).message), ada.id, 'att-bola', ada.name) }));
    const { user } = renderRoutes(routeObjects, paths.arenaChat(TID));

    const author = within(await screen.findByRole('log', {}, SLOW)).getByRole('link', { name: /Bola Ade/ });
    // The private conversation is listed too.
    expect(within(screen.getByRole('navigation', { name: 'Private messages' })).getByRole('link', { name: /Bola Ade/ })).toHaveAttribute('href', paths.arenaPrivateChat(TID, 'att-bola'));
    expect(author).toHaveAttribute('href', paths.arenaPrivateChat(TID, 'att-bola'));
    await user.click(author);

    expect(await screen.findByRole('heading', { name: 'Bola Ade' })).toBeInTheDocument();
    const log = screen.getByRole('log');
    expect(within(log).getByText('Psst Ada')).toBeInTheDocument();
    expect(within(log).queryByText('Not for Ada')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Event Chat/ })).toHaveAttribute('href', paths.arenaChat(TID));

    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello Bola{Enter}');
    await waitFor(() => expect(network.sent(calls.privateChat)).toHaveLength(1));
    expect(network.sent(calls.privateChat)[0]?.body).toEqual({ event_id: EVENT_ID, attendee_id_1: ada.id, attendee_id_2: 'att-bola', message: 'Hello Bola', image: '' });
  });

  it('disables the input once the event has ended', async () => {
    server = await startRealtimeServer(() => arenaView({ event: eventSummary(dates.ended) }));
    mockNetwork();
    renderRoutes(routeObjects, paths.arenaChat(TID));
    expect(await screen.findByText('This Event Has Ended', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeDisabled();
    expect(screen.getByRole('link', { name: /Back to Arena/ })).toHaveAttribute('href', paths.arena(TID));
  });

  it('polls the token endpoint and says so when the socket cannot connect', async () => {
    const network = mockNetwork();
    network.on(calls.eventToken, ok(attendeeToken({ chats: [message('m-poll', 1, 'Polled hello')] })));
    // No server: point the page's client at a port nobody listens on, with a short grace period.
    const { RealtimeClient, setRealtimeClient } = await import('../../lib/live/client.js');
    setRealtimeClient(new RealtimeClient({ url: 'http://127.0.0.1:9', connectGraceMs: 200, lingerMs: 0 }));
    try {
      renderRoutes(routeObjects, paths.arenaChat(TID));
      expect(await screen.findByText('Polled hello', {}, { timeout: 4000 })).toBeInTheDocument();
      expect(screen.getByText('Live updates are paused — refreshing every second')).toBeInTheDocument();
      expect(network.sent(calls.eventToken)[0]?.path).toBe(`/event/public/api/token/${TID}`);
    } finally {
      setRealtimeClient(null);
    }
  });
});
