import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHAT_HISTORY_PAGE_SIZE, GROUP_CHAT_LIMIT } from '@tapcard/shared/constants';
import { calls, historyCalls, type ChatMessage } from '@tapcard/shared/contract';
import { organiserViewOf } from '../../lib/live/polls.js';
import { paths, routes } from '../../lib/paths.js';
import { adminEvent, EVENT_ID, message } from '../../test/event-fixtures.js';
import { mockNetwork, ok } from '../../test/network.js';
import { startRealtimeServer } from '../../test/realtime-server.js';
import { renderRoutes, signIn, signOut } from '../../test/render.js';
import { EventChatPage } from './EventChatPage.js';

const routeObjects = [{ path: routes.eventChat, element: <EventChatPage /> }];
/** A wait on a page that renders a full live view (200 messages): at load 28 a test of a few such waits took over 2 minutes. */
const SLOW = { timeout: 60_000 };

function numbered(from: number, to: number): ChatMessage[] {
  return Array.from({ length: to - from + 1 }, (_, i) => message(`m${from + i}`, from + i, `message ${from + i}`));
}

beforeEach(() => signIn());
afterEach(() => {
  signOut();
});

// Renders a full live view (200 messages) and pages above it: slow on a loaded machine (the group chat's
// history file, built the same way, took 42 s for a test beside two busy loops at load 16; this one 112 s
// at load 28). A pass never waits for this: it is the loaded machine's file setup time (vitest.config.ts).
describe("the organiser's event chat history", { timeout: 300_000 }, () => {
  it('reads earlier messages with the organiser\'s session and reaches the start', async () => {
    const live = numbered(CHAT_HISTORY_PAGE_SIZE + 1, CHAT_HISTORY_PAGE_SIZE + GROUP_CHAT_LIMIT);
    const admin = adminEvent({ chats: live });
    const network = mockNetwork();
    network.on(calls.adminEvent, ok(admin));
    network.on(historyCalls.adminChatHistory, ok({ event_id: EVENT_ID, chats: numbered(1, CHAT_HISTORY_PAGE_SIZE), has_more: false }));
    await startRealtimeServer(() => ({ ...organiserViewOf(admin), version: live.length + CHAT_HISTORY_PAGE_SIZE }));
    const { user } = renderRoutes(routeObjects, paths.eventChat(EVENT_ID));
    const log = await screen.findByRole('log', {}, SLOW);

    await user.click(await within(log).findByRole('button', { name: 'Load earlier messages' }, SLOW));
    expect(await within(log).findByText('Start of the conversation', {}, SLOW)).toBeInTheDocument();
    expect(within(log).getAllByRole('listitem')).toHaveLength(GROUP_CHAT_LIMIT + CHAT_HISTORY_PAGE_SIZE);
    expect(within(log).getAllByRole('listitem')[0]).toHaveTextContent('message 1');
    const [sent] = network.sent(historyCalls.adminChatHistory);
    expect(sent?.path).toBe(`/event/api/chat-history/${EVENT_ID}`);
    expect(sent?.query.get('before')).toBe(String(CHAT_HISTORY_PAGE_SIZE + 1));
    expect(sent?.headers.get('Authorization')).toBeTruthy();
  });
});
