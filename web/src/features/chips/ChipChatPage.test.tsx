import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { calls, type Announcement, type ChipRecord } from '@tapcard/shared/contract';
import { chipViewOf } from '../../lib/live/polls.js';
import { paths, routes } from '../../lib/paths.js';
import { writeStored } from '../../lib/storage.js';
import { ada, attendeeToken, ATTENDEE_ID, chipRecord, dates, EVENT_ID, eventSummary, message, TID } from '../../test/event-fixtures.js';
import { mockNetwork, ok, fail } from '../../test/network.js';
import { startRealtimeServer, type RealtimeTestServer } from '../../test/realtime-server.js';
import { renderRoutes, signOut } from '../../test/render.js';
import { ChipChatPage } from './ChipChatPage.js';

const CHIP = 'chip-1';
const routeObjects = [{ path: routes.chipChat, element: <ChipChatPage /> }];

let server: RealtimeTestServer | null = null;
afterEach(() => {
  signOut();
});

/** The holder Ada wrote one message, Bola another. */
const record = chipRecord({ chats: [message('m1', 1, 'Hello from the holder', { id: ATTENDEE_ID, name: ada.name }), message('m2', 2, 'Hi Ada')] });

async function chipBackend(chip: ChipRecord) {
  const network = mockNetwork();
  network.on(calls.chip, ok(chip));
  server = await startRealtimeServer(() => chipViewOf(chip));
  return network;
}

const messages = () => within(screen.getByRole('log'));

describe('chip chat', () => {
  it("shows the group chat read-only to a visitor who has not proved the holder's token, labelling no one You", async () => {
    await chipBackend(record);
    const visitor = renderRoutes(routeObjects, paths.chipChat(CHIP));

    expect(await screen.findByText('Hello from the holder')).toBeInTheDocument();
    expect(messages().getByText(ada.name)).toBeInTheDocument();
    expect(messages().queryByText('You')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Enter your access token to chat' })).toBeInTheDocument();
    visitor.unmount();

    // The same chat on a device where the holder proved their token: theirs, and writable.
    writeStored('chipAccess', { [CHIP]: TID });
    renderRoutes(routeObjects, paths.chipChat(CHIP));
    await waitFor(() => expect(messages().getByText('You')).toBeInTheDocument());
    expect(messages().queryByText(ada.name)).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
  });

  it('labels the holder You and lets them write once their access link proves the token', async () => {
    const network = await chipBackend(record);
    network.on(calls.eventToken, (request) => (request.path.endsWith(`/${TID}`) ? ok(attendeeToken()) : fail('This access token is not valid', 404)));
    const { user } = renderRoutes(routeObjects, paths.chipChat(CHIP));

    const field = await screen.findByLabelText('Access Token');
    await user.type(field, `https://tapcard.example/event/u/token/${TID}`);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    expect(messages().getByText('You')).toBeInTheDocument();
    expect(messages().queryByText(ada.name)).not.toBeInTheDocument();
    expect(network.sent(calls.eventToken).map((sent) => sent.path)).toEqual([`/event/public/api/token/${TID}`]);
  });

  it("keeps the holder's chat read until the event starts, saying 'Let's get you started'", async () => {
    const network = await chipBackend(chipRecord({ event: eventSummary(dates.upcoming), chats: [message('m1', 1, 'Doors open at nine')] }));
    writeStored('chipAccess', { [CHIP]: TID });
    const { user } = renderRoutes(routeObjects, paths.chipChat(CHIP));
    expect(await screen.findByText('Doors open at nine')).toBeInTheDocument();
    const input = screen.getByRole('textbox', { name: 'Message' });
    await waitFor(() => expect(input).toBeDisabled());
    expect(input).toHaveAttribute('placeholder', "Let's get you started");
    await user.type(input, 'Hi{Enter}');
    expect(network.sent(calls.chat)).toHaveLength(0);
  });

  it("keeps the holder's failed message across a reload, with Retry and Delete", async () => {
    const network = await chipBackend(record);
    network.on(calls.chat, fail('Too many messages, wait a moment.', 429));
    writeStored('chipAccess', { [CHIP]: TID });
    const first = renderRoutes(routeObjects, paths.chipChat(CHIP));
    await first.user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Kept for later{Enter}');
    const failed = () => messages().queryByText('Kept for later')?.closest('li') ?? null;
    await waitFor(() => expect(failed()).toHaveAttribute('data-state', 'failed'));

    cleanup();
    const { user } = renderRoutes(routeObjects, paths.chipChat(CHIP));
    await screen.findByRole('textbox', { name: 'Message' });
    await waitFor(() => expect(failed()).toHaveAttribute('data-state', 'failed'));
    await user.click(within(failed() as HTMLElement).getByRole('button', { name: 'Delete' }));
    expect(failed()).toBeNull();
  });
});

/** The socket's view has arrived (before it, the page shows the chip as read over REST): updates now reach it. */
const whenLive = () => waitFor(() => expect(screen.getByRole('status')).toHaveAttribute('data-connection', 'live'), { timeout: 10_000 });

describe('chip chat moderation', () => {
  const pin = (id: string, seq: number, text: string, pinned = true): Announcement => ({ id, event_id: EVENT_ID, message: text, pinned, created_at: new Date().toISOString(), seq });

  it('pins the announcements live and takes a removed message away as it comes', async () => {
    await chipBackend({ ...record, announcements: [pin('a1', 3, 'Lunch at one')] });
    renderRoutes(routeObjects, paths.chipChat(CHIP));
    expect(await screen.findByText('Hi Ada')).toBeInTheDocument();
    const pinned = screen.getByRole('list', { name: 'Pinned announcements' });
    expect(within(pinned).getByText('Lunch at one')).toBeInTheDocument();
    await whenLive();

    server?.update({ eventId: EVENT_ID, version: 5, prevVersion: 0, scope: 'event', announcements: [pin('a2', 5, 'Keynote in hall B')], chats: [{ ...message('m2', 5, ''), removed: true }] });
    expect(await within(pinned).findByText('Keynote in hall B')).toBeInTheDocument();
    await waitFor(() => expect(messages().queryByText('Hi Ada')).not.toBeInTheDocument());
    expect(messages().getByText('Hello from the holder')).toBeInTheDocument();
  });

  it("says the organiser closed the chat and keeps the holder's composer closed until it opens", async () => {
    await chipBackend({ ...record, chat: { closed: true, slow_mode_seconds: 0 } });
    writeStored('chipAccess', { [CHIP]: TID });
    renderRoutes(routeObjects, paths.chipChat(CHIP));
    const input = await screen.findByRole('textbox', { name: 'Message' });
    await waitFor(() => expect(input).toBeDisabled());
    expect(input).toHaveAttribute('placeholder', 'The organiser has closed the group chat');
    expect(screen.getByText('The organiser has closed the group chat', { selector: 'p' })).toHaveAttribute('aria-live', 'polite');
    await whenLive();

    server?.update({ eventId: EVENT_ID, version: 5, prevVersion: 0, scope: 'event', chat: { closed: false, slow_mode_seconds: 0 } });
    await waitFor(() => expect(input).toBeEnabled());
  });
});
