import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHAT_HISTORY_PAGE_SIZE, GROUP_CHAT_LIMIT } from '@tapcard/shared/constants';
import { historyCalls, type ChatMessage } from '@tapcard/shared/contract';
import type { ArenaView } from '@tapcard/shared/realtime';
import { paths, routes } from '../../lib/paths.js';
import { ada, EVENT_ID, eventSummary, message, TID } from '../../test/event-fixtures.js';
import { fail, mockNetwork, ok, type ReplyOf } from '../../test/network.js';
import { startRealtimeServer, type RealtimeTestServer } from '../../test/realtime-server.js';
import { renderRoutes } from '../../test/render.js';
import { ArenaChatPage } from './ArenaChatPage.js';

/** Messages numbered `from`..`to`, each with its number as seq. */
function numbered(from: number, to: number): ChatMessage[] {
  return Array.from({ length: to - from + 1 }, (_, i) => message(`m${from + i}`, from + i, `message ${from + i}`));
}

/** A full live view: the newest GROUP_CHAT_LIMIT of 300 messages (101..300). */
const NEWEST = 300;
const OLDEST_LIVE = NEWEST - GROUP_CHAT_LIMIT + 1;

function arenaView(chats: ChatMessage[]): ArenaView {
  return { kind: 'arena', eventId: EVENT_ID, version: NEWEST, event: eventSummary(), attendee: ada, chats, private_chats: [] };
}

function page(chats: ChatMessage[], hasMore: boolean): ReplyOf<typeof historyCalls.chatHistory> {
  return ok({ event_id: EVENT_ID, chats, has_more: hasMore });
}

/** A wait on a page that renders a full live view (200 messages): at load 28 a test of a few such waits took over 2 minutes. */
const SLOW = { timeout: 60_000 };
const routeObjects = [{ path: routes.arenaChat, element: <ArenaChatPage /> }];

let server: RealtimeTestServer | null = null;
afterEach(() => {
  vi.restoreAllMocks();
});

async function openChat(chats: ChatMessage[]) {
  server = await startRealtimeServer(() => arenaView(chats));
  const network = mockNetwork();
  const rendered = renderRoutes(routeObjects, paths.arenaChat(TID));
  const log = await screen.findByRole('log', {}, SLOW);
  await within(log).findByText(`message ${chats.at(-1)?.seq ?? 0}`, {}, SLOW);
  return { network, log, ...rendered };
}

const texts = (log: HTMLElement) => within(log).getAllByRole('listitem').map((li) => li.querySelector('p:nth-of-type(2)')?.textContent);

// Each test renders a full live view (200 messages) and pages above it: slow on a loaded machine (the
// file's first test took 42 s beside two busy loops at load 16, and over 2 minutes at load 28). A pass
// never waits for this: it is the loaded machine's file setup time (vitest.config.ts).
describe('the group chat\'s earlier messages', { timeout: 300_000 }, () => {
  it('loads the page before the oldest shown on click, above it, keeping a live message that came meanwhile', async () => {
    const { network, log, user } = await openChat(numbered(OLDEST_LIVE, NEWEST));
    let answer: (() => void) | undefined;
    network.on(historyCalls.chatHistory, () => new Promise<ReplyOf<typeof historyCalls.chatHistory>>((resolve) => (answer = () => resolve(page(numbered(OLDEST_LIVE - CHAT_HISTORY_PAGE_SIZE, OLDEST_LIVE - 1), true)))));

    await user.click(within(log).getByRole('button', { name: 'Load earlier messages' }));
    expect(await within(log).findByRole('button', { name: 'Loading earlier messages…' }, SLOW)).toHaveAttribute('aria-disabled', 'true');
    const [sent] = network.sent(historyCalls.chatHistory);
    expect(sent?.path).toBe(`/event/public/api/chat-history/${TID}`);
    expect(Object.fromEntries(sent?.query ?? [])).toEqual({ before: String(OLDEST_LIVE), event_id: EVENT_ID });

    server?.update({ eventId: EVENT_ID, version: NEWEST + 1, prevVersion: NEWEST, scope: 'event', chats: [message('m-live', NEWEST + 1, 'fresh from the room')] });
    await within(log).findByText('fresh from the room', {}, SLOW);
    answer?.();

    await within(log).findByText(`message ${OLDEST_LIVE - CHAT_HISTORY_PAGE_SIZE}`, {}, SLOW);
    const expected = [...numbered(OLDEST_LIVE - CHAT_HISTORY_PAGE_SIZE, NEWEST).map((m) => m.message), 'fresh from the room'];
    expect(texts(log)).toEqual(expected);
    // More remain: the way back stays, and the next read starts before the new oldest.
    await user.click(within(log).getByRole('button', { name: 'Load earlier messages' }));
    await waitFor(() => expect(network.sent(historyCalls.chatHistory)).toHaveLength(2), SLOW);
    expect(network.sent(historyCalls.chatHistory)[1]?.query.get('before')).toBe(String(OLDEST_LIVE - CHAT_HISTORY_PAGE_SIZE));
  });

  it('keeps the message the reader was looking at in place when the earlier page goes above it', async () => {
    // The browser's layout, faked: each message is 40 px tall, stacked in list order.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const top = this.parentElement ? [...this.parentElement.children].indexOf(this) * 40 : 0;
      return { top, bottom: top + 40, left: 0, right: 0, width: 0, height: 40, x: 0, y: top, toJSON: () => ({}) } as DOMRect;
    });
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => undefined);
    const { network, log, user } = await openChat(numbered(OLDEST_LIVE, NEWEST));
    network.on(historyCalls.chatHistory, page(numbered(OLDEST_LIVE - CHAT_HISTORY_PAGE_SIZE, OLDEST_LIVE - 1), true));
    await user.click(within(log).getByRole('button', { name: 'Load earlier messages' }));
    await within(log).findByText(`message ${OLDEST_LIVE - CHAT_HISTORY_PAGE_SIZE}`, {}, SLOW);
    expect(scrollBy).toHaveBeenCalledWith(0, CHAT_HISTORY_PAGE_SIZE * 40);
  });

  it('says the start of the conversation is reached once no older page remains', async () => {
    const { network, log, user } = await openChat(numbered(OLDEST_LIVE, NEWEST));
    network.on(historyCalls.chatHistory, page(numbered(1, OLDEST_LIVE - 1).slice(-CHAT_HISTORY_PAGE_SIZE), true));
    await user.click(within(log).getByRole('button', { name: 'Load earlier messages' }));
    await within(log).findByText(`message ${OLDEST_LIVE - CHAT_HISTORY_PAGE_SIZE}`, {}, SLOW);

    network.on(historyCalls.chatHistory, (request) => page(numbered(1, Number(request.query.get('before')) - 1), false));
    await user.click(within(log).getByRole('button', { name: 'Load earlier messages' }));
    expect(await within(log).findByText('Start of the conversation', {}, SLOW)).toBeInTheDocument();
    expect(within(log).queryByRole('button', { name: /earlier messages/ })).not.toBeInTheDocument();
    expect(texts(log)).toEqual(numbered(1, NEWEST).map((m) => m.message));
  });

  it('offers no earlier messages while the live view holds the whole conversation', async () => {
    const { network, log } = await openChat(numbered(1, 3));
    expect(within(log).queryByRole('button', { name: /earlier messages/ })).not.toBeInTheDocument();
    expect(within(log).queryByText('Start of the conversation')).not.toBeInTheDocument();
    expect(network.sent(historyCalls.chatHistory)).toHaveLength(0);
  });

  it('shows a failed read with Retry, and Retry loads the page', async () => {
    const { network, log, user } = await openChat(numbered(OLDEST_LIVE, NEWEST));
    network.on(historyCalls.chatHistory, fail('Server error', 500));
    await user.click(within(log).getByRole('button', { name: 'Load earlier messages' }));
    expect(await within(log).findByText('Earlier messages could not be loaded.', {}, SLOW)).toBeInTheDocument();
    expect(texts(log)).toHaveLength(GROUP_CHAT_LIMIT);

    network.on(historyCalls.chatHistory, page(numbered(OLDEST_LIVE - CHAT_HISTORY_PAGE_SIZE, OLDEST_LIVE - 1), true));
    await user.click(within(log).getByRole('button', { name: 'Retry' }));
    await within(log).findByText(`message ${OLDEST_LIVE - CHAT_HISTORY_PAGE_SIZE}`, {}, SLOW);
    expect(within(log).queryByText('Earlier messages could not be loaded.')).not.toBeInTheDocument();
    expect(texts(log)).toHaveLength(GROUP_CHAT_LIMIT + CHAT_HISTORY_PAGE_SIZE);
  });

  it('loads the earlier page when the reader scrolls to the top', async () => {
    const observers: { callback: IntersectionObserverCallback; target: Element | null }[] = [];
    // The browser's observer, faked: the test says when the top comes into view.
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        private entry: { callback: IntersectionObserverCallback; target: Element | null };
        constructor(callback: IntersectionObserverCallback) {
          this.entry = { callback, target: null };
          observers.push(this.entry);
        }
        observe(target: Element) {
          this.entry.target = target;
        }
        disconnect() {
          this.entry.target = null;
        }
      },
    );
    const report = (visible: boolean) => {
      const live = observers.filter((o) => o.target);
      for (const o of live) o.callback([{ isIntersecting: visible, target: o.target } as IntersectionObserverEntry], {} as IntersectionObserver);
    };
    const { network, log } = await openChat(numbered(OLDEST_LIVE, NEWEST));
    network.on(historyCalls.chatHistory, page(numbered(OLDEST_LIVE - CHAT_HISTORY_PAGE_SIZE, OLDEST_LIVE - 1), true));

    // The first report is made on observing, before any scroll: it loads nothing.
    await waitFor(() => expect(observers.some((o) => o.target)).toBe(true), SLOW);
    report(true);
    expect(network.sent(historyCalls.chatHistory)).toHaveLength(0);
    report(false);
    report(true);
    await within(log).findByText(`message ${OLDEST_LIVE - CHAT_HISTORY_PAGE_SIZE}`, {}, SLOW);
    expect(network.sent(historyCalls.chatHistory)).toHaveLength(1);
  });
});
