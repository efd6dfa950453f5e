import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls } from '@tapcard/shared/contract';
import type { ArenaView } from '@tapcard/shared/realtime';
import { clockTime } from '../../lib/live/chat.js';
import { paths, routes } from '../../lib/paths.js';
import { ada, EVENT_ID, eventSummary, message, TID } from '../../test/event-fixtures.js';
import { mockNetwork, type Reply } from '../../test/network.js';
import { startRealtimeServer, type RealtimeTestServer } from '../../test/realtime-server.js';
import { renderRoutes } from '../../test/render.js';
import { ArenaChatPage } from './ArenaChatPage.js';

/** The group chat's safety: refused posts, closed chat, mutes, slow mode, blocks, reports, announcements. */

function arenaView(overrides: Partial<ArenaView> = {}): ArenaView {
  return { kind: 'arena', eventId: EVENT_ID, version: 4, event: eventSummary(), attendee: ada, chats: [message('m-bola', 1, 'Hello')], private_chats: [], ...overrides };
}

/** A refusal as the upstream answers it: the server's words, the code and when it ends. */
function refused(status: number, code: string, text: string, retryAt?: string): Reply {
  return { status, json: { success: 'false', message: text, data: null, code, ...(retryAt ? { retry_at: retryAt } : {}) } };
}

const SLOW = { timeout: 10_000 };
const routeObjects = [{ path: routes.arenaChat, element: <ArenaChatPage /> }];
const bubble = (text: string) => within(screen.getByRole('log')).getByText(text).closest('li') as HTMLElement;

let server: RealtimeTestServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a refused post', () => {
  it("says why in this browser's clock, keeps the text for Retry and never sends it again by itself", async () => {
    server = await startRealtimeServer(() => arenaView());
    const network = mockNetwork();
    const until = new Date(Date.now() + 42 * 60_000);
    // The server words it in its own clock; the page words it again in the reader's.
    network.on(calls.chat, refused(403, 'muted', 'You are muted until 03:00', until.toISOString()));
    const { user } = renderRoutes(routeObjects, paths.arenaChat(TID));
    await user.type(await screen.findByRole('textbox', { name: 'Message' }, SLOW), 'Let me speak{Enter}');

    await waitFor(() => expect(bubble('Let me speak')).toHaveAttribute('data-state', 'failed'), SLOW);
    expect(within(bubble('Let me speak')).getByText(`Not sent. You are muted until ${clockTime(until)}`, { exact: false })).toBeInTheDocument();
    // The browser saying it is online again sends nothing: a refusal waits for the writer's Retry.
    window.dispatchEvent(new Event('online'));
    await user.click(within(bubble('Let me speak')).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(bubble('Let me speak')).getByText(/You are muted until/)).toBeInTheDocument(), SLOW);
    await waitFor(() => expect(bubble('Let me speak')).toHaveAttribute('data-state', 'failed'), SLOW);
    expect(network.sent(calls.chat).map((r) => (r.body as { message: string }).message)).toEqual(['Let me speak', 'Let me speak']);
  });
});
