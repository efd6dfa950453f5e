import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { arenaSafetyCalls, calls, type Announcement, type ChatMessage } from '@tapcard/shared/contract';
import type { ArenaView } from '@tapcard/shared/realtime';
import { clockTime } from '../../lib/live/clock.js';
import { paths, routes } from '../../lib/paths.js';
import { ada, attendeeArenaView, attendeeToken, EVENT_ID, message, ORGANISER_ID, TID } from '../../test/event-fixtures.js';
import { mockNetwork, ok, type ReplyOf } from '../../test/network.js';
import { startRealtimeServer, type RealtimeTestServer } from '../../test/realtime-server.js';
import { LocationProbe, renderRoutes } from '../../test/render.js';
import { ArenaChatPage } from './ArenaChatPage.js';

/** The group chat's safety: refused posts, closed chat, mutes, slow mode, blocks, reports, announcements, removals. */

const hello = message('m-bola', 1, 'Hello');
const fromCy = message('m-cy', 2, 'Cy here', { id: 'att-cy', name: 'Cy Eze' });
const fromAdmin = message('m-admin', 3, 'Welcome all', { id: `admin-${ORGANISER_ID}`, name: 'ADMIN' });

function arenaView(overrides: Partial<ArenaView> = {}): ArenaView {
  return attendeeArenaView({ chats: [hello, fromCy, fromAdmin], ...overrides });
}

function announcement(id: string, seq: number, text: string, pinned = true): Announcement {
  return { id, event_id: EVENT_ID, message: text, pinned, created_at: new Date().toISOString(), seq };
}

/** A refusal as the upstream answers it: the server's words, the code and when it ends. */
function refused(status: number, code: string, text: string, retryAt?: string): ReplyOf<typeof calls.chat> {
  return { status, json: { success: 'false', message: text, data: null, code, ...(retryAt ? { retry_at: retryAt } : {}) } };
}

/** Answers group posts with the stored message, made now. */
function acceptPosts(network: ReturnType<typeof mockNetwork>) {
  let seq = 10;
  network.on(calls.chat, (request) => {
    seq += 1;
    const now = new Date().toISOString();
    return ok({ ...message(`m-${seq}`, seq, (request.body as { message: string }).message, { id: ada.id, name: ada.name }), createdAt: now, updatedAt: now } satisfies ChatMessage);
  });
}

const SLOW = { timeout: 10_000 };
const routeObjects = [
  { path: routes.arenaChat, element: <ArenaChatPage /> },
  { path: routes.arenaPrivateChat, element: <LocationProbe label="private chat" /> },
];
const log = () => within(screen.getByRole('log'));
const bubble = (text: string) => log().getByText(text).closest('li') as HTMLElement;
const input = () => screen.getByRole('textbox', { name: 'Message' });

let server: RealtimeTestServer | null = null;
afterEach(() => {
  vi.restoreAllMocks();
});

async function openChat(view: ArenaView) {
  server = await startRealtimeServer(() => view);
  const network = mockNetwork();
  const rendered = renderRoutes(routeObjects, paths.arenaChat(TID));
  await screen.findByRole('log', {}, SLOW);
  // The organiser's message: never hidden.
  await log().findByText('Welcome all', {}, SLOW);
  return { network, ...rendered };
}

describe('a refused post', () => {
  it("says why in this browser's clock, keeps the text for Retry and never sends it again by itself", async () => {
    const { network, user } = await openChat(arenaView());
    const until = new Date(Date.now() + 42 * 60_000);
    // The server words it in its own clock; the page words it again in the reader's.
    network.on(calls.chat, refused(403, 'muted', 'You are muted until 03:00', until.toISOString()));
    await user.type(input(), 'Let me speak{Enter}');

    await waitFor(() => expect(bubble('Let me speak')).toHaveAttribute('data-state', 'failed'), SLOW);
    expect(within(bubble('Let me speak')).getByText(`Not sent. You are muted until ${clockTime(until)}`, { exact: false })).toBeInTheDocument();
    // The browser saying it is online again sends nothing: a refusal waits for the writer's Retry.
    window.dispatchEvent(new Event('online'));
    await user.click(within(bubble('Let me speak')).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(network.sent(calls.chat)).toHaveLength(2), SLOW);
    await waitFor(() => expect(bubble('Let me speak')).toHaveAttribute('data-state', 'failed'), SLOW);
    expect(network.sent(calls.chat).map((r) => (r.body as { message: string }).message)).toEqual(['Let me speak', 'Let me speak']);
  });

  it('counts a too-fast refusal down above the composer', async () => {
    const { network, user } = await openChat(arenaView());
    network.on(calls.chat, refused(429, 'too_fast', 'You are sending messages too fast: wait 5 s', new Date(Date.now() + 5_000).toISOString()));
    await user.type(input(), 'One more{Enter}');
    expect(await screen.findByText(/^You are sending messages too fast: wait [45] s$/, {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });
});

describe('the composer', () => {
  it('is closed while the organiser has closed the group chat, and opens live', async () => {
    await openChat(arenaView({ chat: { closed: true, slow_mode_seconds: 0 } }));
    expect(input()).toBeDisabled();
    expect(input()).toHaveAttribute('placeholder', 'The organiser has closed the group chat');
    expect(screen.getByText('The organiser has closed the group chat', { selector: 'p' })).toHaveAttribute('aria-live', 'polite');

    server?.update({ eventId: EVENT_ID, version: 5, prevVersion: 4, scope: 'event', chat: { closed: false, slow_mode_seconds: 0 } });
    await waitFor(() => expect(input()).toBeEnabled(), SLOW);
    expect(screen.queryByText('The organiser has closed the group chat')).not.toBeInTheDocument();
  });

  it("says until when the attendee is muted, in this browser's clock, and when it is for good", async () => {
    const until = new Date(Date.now() + 90 * 60_000);
    await openChat(arenaView({ attendee: { ...ada, mute: { until: until.toISOString() } } }));
    expect(input()).toBeDisabled();
    expect(screen.getByText(`You are muted until ${clockTime(until)}`, { selector: 'p' })).toBeInTheDocument();

    // The organiser makes it for good: the attendee's own record comes live.
    server?.update({ eventId: EVENT_ID, version: 4, prevVersion: 4, scope: 'private', attendees: [{ ...ada, mute: { until: null } }] });
    expect(await screen.findByText('You are muted in this chat', { selector: 'p' }, SLOW)).toBeInTheDocument();
    // And lifts it.
    server?.update({ eventId: EVENT_ID, version: 4, prevVersion: 4, scope: 'private', attendees: [{ ...ada, mute: null }] });
    await waitFor(() => expect(input()).toBeEnabled(), SLOW);
  });

  it('counts slow mode down after an accepted post, holding Send until it ends', async () => {
    const { network, user } = await openChat(arenaView({ chat: { closed: false, slow_mode_seconds: 3 } }));
    acceptPosts(network);
    expect(screen.queryByText(/Slow mode/)).not.toBeInTheDocument();
    await user.type(input(), 'First{Enter}');
    await waitFor(() => expect(bubble('First')).toHaveAttribute('data-state', 'sent'), SLOW);

    expect(await screen.findByText(/^Slow mode: wait [23] s$/, {}, SLOW)).toBeInTheDocument();
    await user.type(input(), 'Second');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(network.sent(calls.chat)).toHaveLength(1);
    expect(await screen.findByText('Slow mode: wait 1 s', {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/Slow mode/)).not.toBeInTheDocument(), SLOW);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(network.sent(calls.chat)).toHaveLength(2), SLOW);
  });
});

describe('blocking', () => {
  it("hides the blocked attendees' messages, and shows them again when the live view lifts the block", async () => {
    await openChat(arenaView({ blocked: ['att-bola'] }));
    await log().findByText('Cy here');
    expect(log().queryByText('Hello')).not.toBeInTheDocument();
    // Unblocked on another device: the attendee's own room hears it.
    server?.update({ eventId: EVENT_ID, version: 4, prevVersion: 4, scope: 'private', blocked: [] });
    expect(await log().findByText('Hello', {}, SLOW)).toBeInTheDocument();
  });

  it("blocks from a message's menu after a confirmation, hiding their messages at once", async () => {
    const { network, user } = await openChat(arenaView());
    network.on(arenaSafetyCalls.blockAttendee, ok({ event_id: EVENT_ID, blocked: ['att-bola'] }));
    // Own and organiser's messages have no menu.
    expect(within(bubble('Welcome all')).queryByRole('button', { name: /Actions/ })).not.toBeInTheDocument();
    await user.click(within(bubble('Hello')).getByRole('button', { name: "Actions for Bola Ade's message" }));
    await user.click(await screen.findByRole('menuitem', { name: 'Block Bola Ade' }, SLOW));

    const dialog = await screen.findByRole('dialog', { name: 'Block Bola Ade?' }, SLOW);
    expect(network.sent(arenaSafetyCalls.blockAttendee)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(log().queryByText('Hello')).not.toBeInTheDocument(), SLOW);
    expect(log().getByText('Cy here')).toBeInTheDocument();
    expect(network.sent(arenaSafetyCalls.blockAttendee)[0]?.body).toEqual({ event_id: EVENT_ID, attendee_id: 'att-bola', blocked: true });
    expect(network.sent(arenaSafetyCalls.blockAttendee)[0]?.path).toBe(`/event/public/api/arena/${TID}/block`);
    expect(await screen.findByText('You blocked Bola Ade', {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("offers Share my card with the author, which opens the private chat with them to share there", async () => {
    const { user } = await openChat(arenaView());
    await user.click(within(bubble('Hello')).getByRole('button', { name: "Actions for Bola Ade's message" }));
    await user.click(await screen.findByRole('menuitem', { name: 'Share my card with Bola Ade' }, SLOW));
    expect(await screen.findByTestId('location', {}, SLOW)).toHaveTextContent(`private chat ${paths.arenaPrivateChat(TID, 'att-bola')}?share=1`);
  });
});

describe('reporting', () => {
  it('asks for a reason under the field, then sends the report and says the organiser was told', async () => {
    const { network, user } = await openChat(arenaView());
    network.on(arenaSafetyCalls.reportMessage, ok({ event_id: EVENT_ID, report_id: 'r-1' }));
    await user.click(within(bubble('Cy here')).getByRole('button', { name: "Actions for Cy Eze's message" }));
    await user.click(await screen.findByRole('menuitem', { name: 'Report message' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Report message' }, SLOW);

    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    const reasons = within(dialog).getByRole('group', { name: 'Why are you reporting it?' });
    expect(await within(reasons).findByRole('alert')).toHaveTextContent('Choose a reason');
    expect(reasons).toHaveAccessibleDescription('Choose a reason');
    expect(network.sent(arenaSafetyCalls.reportMessage)).toHaveLength(0);

    await user.click(within(reasons).getByRole('radio', { name: 'Harassment or bullying' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Details (optional)' }), 'Keeps insulting people');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Thank you. The organiser has been told.', {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(network.sent(arenaSafetyCalls.reportMessage)[0]?.body).toEqual({ event_id: EVENT_ID, message_id: 'm-cy', room: 'group', reason: 'harassment', details: 'Keeps insulting people' });
  });

  it('works from the keyboard: the menu opens on Enter, and closing the report gives the focus back to its button', async () => {
    const { user } = await openChat(arenaView());
    const trigger = () => within(bubble('Cy here')).getByRole('button', { name: "Actions for Cy Eze's message" });
    trigger().focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Report message' })).toHaveFocus(), SLOW);
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Report message' }, SLOW);
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger()).toHaveFocus());
  });

  it("shows the server's refusal in the form and keeps what was chosen", async () => {
    const { network, user } = await openChat(arenaView());
    network.on(arenaSafetyCalls.reportMessage, { status: 429, json: { success: 'false', message: 'You have sent many reports. Please wait a few minutes.', data: null } });
    await user.click(within(bubble('Cy here')).getByRole('button', { name: "Actions for Cy Eze's message" }));
    await user.click(await screen.findByRole('menuitem', { name: 'Report message' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Report message' }, SLOW);
    await user.click(within(dialog).getByRole('radio', { name: 'Spam or advertising' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You have sent many reports. Please wait a few minutes.');
    expect(within(dialog).getByRole('radio', { name: 'Spam or advertising' })).toBeChecked();
  });
});

describe('live moderation', () => {
  it('pins announcements at the top as they come, and drops an unpinned one', async () => {
    await openChat(arenaView({ announcements: [announcement('a1', 2, 'Lunch at one')] }));
    const pinned = screen.getByRole('list', { name: 'Pinned announcements' });
    expect(within(pinned).getByText('Lunch at one')).toBeInTheDocument();

    server?.update({ eventId: EVENT_ID, version: 5, prevVersion: 4, scope: 'event', announcements: [announcement('a2', 5, 'Keynote moved to hall B')] });
    await waitFor(() => expect(within(pinned).getAllByRole('listitem').map((li) => li.querySelector('p')?.textContent)).toEqual(['Keynote moved to hall B', 'Lunch at one']), SLOW);
    server?.update({ eventId: EVENT_ID, version: 6, prevVersion: 5, scope: 'event', announcements: [announcement('a1', 6, 'Lunch at one', false)] });
    await waitFor(() => expect(within(pinned).queryByText('Lunch at one')).not.toBeInTheDocument(), SLOW);
    expect(within(pinned).getByText('Keynote moved to hall B')).toBeInTheDocument();
  });

  it("shows an organiser's message sent to this attendee live, with its subject and its link, in a polite live region", async () => {
    await openChat(arenaView());
    server?.update({
      eventId: EVENT_ID,
      version: 4,
      prevVersion: 4,
      scope: 'private',
      announcements: [{ ...announcement('m1', 5, 'Doors close at nine. Map: https://maps.example.com/hall.'), subject: 'Where are you?' }],
    });
    const pinned = await screen.findByRole('list', { name: 'Pinned announcements' }, SLOW);
    expect(within(pinned).getByText('Where are you?')).toBeInTheDocument();
    expect(within(pinned).getByRole('link', { name: 'https://maps.example.com/hall' })).toHaveAttribute('href', 'https://maps.example.com/hall');
    expect(pinned.closest('[aria-live]')).toHaveAttribute('aria-live', 'polite');
  });

  it('takes a removed message off the screen as soon as the removal comes', async () => {
    await openChat(arenaView());
    server?.update({ eventId: EVENT_ID, version: 5, prevVersion: 4, scope: 'event', chats: [{ ...fromCy, message: '', removed: true, seq: 5 }] });
    await waitFor(() => expect(log().queryByText('Cy here')).not.toBeInTheDocument(), SLOW);
    expect(log().getAllByRole('listitem')).toHaveLength(2);
  });
});

describe('without the socket', () => {
  it("reads the chat's settings, pins and blocks from the token endpoint", async () => {
    const network = mockNetwork();
    const token = attendeeToken({ chats: [hello, fromCy] });
    network.on(calls.eventToken, ok({ ...token, attendee: { ...token.attendee, chat: { closed: true, slow_mode_seconds: 0 }, announcements: [announcement('a1', 2, 'Polled pin')], blocked: ['att-cy'] } }));
    const { RealtimeClient, setRealtimeClient } = await import('../../lib/live/client.js');
    setRealtimeClient(new RealtimeClient({ url: 'http://127.0.0.1:9', connectGraceMs: 200, lingerMs: 0 }));
    try {
      renderRoutes(routeObjects, paths.arenaChat(TID));
      expect(await screen.findByText('Polled pin', {}, SLOW)).toBeInTheDocument();
      expect(log().getByText('Hello')).toBeInTheDocument();
      expect(log().queryByText('Cy here')).not.toBeInTheDocument();
      expect(input()).toHaveAttribute('placeholder', 'The organiser has closed the group chat');
    } finally {
      setRealtimeClient(null);
    }
  });
});
