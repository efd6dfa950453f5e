import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ArenaView } from '@tapcard/shared/realtime';
import { arenaViews, startingArenaView } from '../../lib/live/arena-cache.js';
import { paths } from '../../lib/paths.js';
import { STORAGE_PREFIX } from '../../lib/storage.js';
import { ATTENDEE_ID, attendeeArenaView, EVENT_ID, message, privateMessage, TID } from '../../test/event-fixtures.js';
import { serverState, serverThenBrowser } from '../../test/visitor.js';
import { ArenaVisit } from './ArenaVisit.js';
import { arenaViewKey } from './visitor-keys.js';

const bola = { id: 'att-bola', name: 'Bola Ade' };
const view = (over: Partial<ArenaView> = {}): ArenaView =>
  attendeeArenaView({
    chats: [message('m1', 1, 'Welcome all', bola), message('m2', 2, 'Doors open at six', bola)],
    private_chats: [privateMessage('p1', 3, 'See you at the bar', bola.id, ATTENDEE_ID)],
    ...over,
  });
const seeded = (v: ArenaView = view()): [readonly unknown[], unknown][] => [[arenaViewKey(TID), v]];
const keptOutbox = () => JSON.parse(localStorage.getItem(`${STORAGE_PREFIX}chatOutbox`) ?? '{}') as Record<string, { text: string; state: string }[]>;

afterEach(() => {
  arenaViews.forget(TID);
  localStorage.clear();
});

describe('the arena of the light entry', () => {
  it('has the group chat’s latest messages in the server markup, hydrates without a mismatch, then hands its view to the app taking over', async () => {
    const markup = renderToString(<ArenaVisit url={new URL(paths.arenaChat(TID), window.location.origin)} state={serverState(seeded())} />);
    expect(markup).toContain('Doors open at six');
    expect(markup).toContain('Event Chat');
    // Text typed before the scripts have hydrated the page would be the browser's alone: the input waits.
    expect(markup).toMatch(/<input[^>]*disabled=""[^>]*placeholder="Type a message"|<input[^>]*placeholder="Type a message"[^>]*disabled=""/);

    const takeOver = vi.fn(async (prepare?: () => void) => prepare?.());
    expect(await serverThenBrowser(ArenaVisit, paths.arenaChat(TID), seeded(), takeOver)).toEqual([]);
    expect(screen.getByRole('log', { name: 'Event Chat messages' })).toHaveTextContent('Doors open at six');
    // The phone's clock once hydrated (the server's may be another time zone).
    expect(screen.getAllByText(/^\d\d:\d\d$/).length).toBeGreaterThan(0);
    expect(takeOver).toHaveBeenCalledTimes(1);
    // The live page starts from the server's view: in memory, and kept on the device for a visit offline.
    expect(arenaViews.read(TID)?.chats.map((c) => c.message)).toEqual(['Welcome all', 'Doors open at six']);
    localStorage.clear();
    expect(startingArenaView(TID)?.chats.map((c) => c.message)).toEqual(['Welcome all', 'Doors open at six']);
    // Once the live page keeps a view of its own, that one is read.
    arenaViews.save(TID, view({ chats: [message('m3', 3, 'Newer', bola)] }));
    expect(startingArenaView(TID)?.chats.map((c) => c.message)).toEqual(['Newer']);
  });

  it('keeps a message written before the app has arrived in the room’s outbox, shown as sending, for the live page to send', async () => {
    const takeOver = vi.fn(() => new Promise<void>(() => undefined));
    await serverThenBrowser(ArenaVisit, paths.arenaChat(TID), seeded(), takeOver);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'On my way{Enter}');
    expect(screen.getByText('On my way').closest('li')).toHaveAttribute('data-state', 'pending');
    expect(keptOutbox()[JSON.stringify([EVENT_ID, ATTENDEE_ID, 'group'])]).toEqual([expect.objectContaining({ text: 'On my way', state: 'queued' })]);
  });

  it('tries the take-over again when the network is back', async () => {
    const takeOver = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(undefined);
    await serverThenBrowser(ArenaVisit, paths.arenaChat(TID), seeded(), takeOver);
    await waitFor(() => expect(takeOver).toHaveBeenCalledTimes(1));
    // The page stays, with its messages.
    expect(screen.getByText('Doors open at six')).toBeInTheDocument();
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(takeOver).toHaveBeenCalledTimes(2));
  });

  it('draws the arena and a private chat from the same view', async () => {
    const arena = renderToString(<ArenaVisit url={new URL(paths.arena(TID), window.location.origin)} state={serverState(seeded())} />);
    expect(arena).toContain('Tech Meetup');
    expect(arena).toContain('Ada Obi');
    expect(arena).toContain('See you at the bar');
    const privateChat = renderToString(<ArenaVisit url={new URL(paths.arenaPrivateChat(TID, bola.id), window.location.origin)} state={serverState(seeded())} />);
    expect(privateChat).toContain('See you at the bar');
    expect(privateChat).toContain('Bola Ade');
    expect(privateChat).not.toContain('Doors open at six');
    expect(await serverThenBrowser(ArenaVisit, paths.arenaPrivateChat(TID, bola.id), seeded())).toEqual([]);
  });

  it('keeps a tap on Share my card before the app has arrived as the address’s intent, which the live page acts on', async () => {
    window.history.replaceState(null, '', paths.arenaPrivateChat(TID, bola.id));
    await serverThenBrowser(ArenaVisit, paths.arenaPrivateChat(TID, bola.id), seeded(), () => new Promise<void>(() => undefined));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Share my card' }));
    expect(new URL(window.location.href).searchParams.get('share')).toBe('1');
    expect(screen.getByRole('button', { name: 'Sharing…' })).toHaveAttribute('aria-busy', 'true');
    // Block waits for the live page.
    expect(screen.getByRole('button', { name: 'Block Bola Ade' })).toBeDisabled();
    window.history.replaceState(null, '', '/');
  });

  it('leaves out the authors the attendee blocked, as the live page does', () => {
    const markup = renderToString(<ArenaVisit url={new URL(paths.arenaChat(TID), window.location.origin)} state={serverState(seeded(view({ blocked: [bola.id] })))} />);
    expect(markup).not.toContain('Doors open at six');
  });

  it('waits for the app without the server’s view (an unknown or ended ticket)', async () => {
    const takeOver = vi.fn(async () => undefined);
    expect(await serverThenBrowser(ArenaVisit, paths.arenaChat(TID), [], takeOver)).toEqual([]);
    expect(screen.queryByRole('log')).not.toBeInTheDocument();
    expect(takeOver).toHaveBeenCalledTimes(1);
  });
});
