import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { calls, moderationCalls, type Announcement, type ChatSettings } from '@tapcard/shared/contract';
import { safetyMessages } from '@tapcard/shared/rules';
import type { Update, ViewOf } from '@tapcard/shared/realtime';
import { paths, routes } from '../../lib/paths.js';
import { EVENT_ID, message } from '../../test/event-fixtures.js';
import { fail, mockNetwork, ok, type MockNetwork } from '../../test/network.js';
import { startRealtimeServer, type RealtimeTestServer } from '../../test/realtime-server.js';
import { renderRoutes, signIn, signOut } from '../../test/render.js';
import { EventChatPage } from './EventChatPage.js';
import { announcement, BOLA, moderationAdminEvent, moderationView, report } from './moderation-fixtures.js';

const routeObjects = [{ path: routes.eventChat, element: <EventChatPage /> }];
/** The page's first view waits for the socket (its script loads on first use): generous on a busy machine. */
const SLOW = { timeout: 10_000 };

let server: RealtimeTestServer | null = null;
let network: MockNetwork;
let view: ViewOf<'organiser'>;

async function openChat(initial: ViewOf<'organiser'> = moderationView()) {
  view = initial;
  network = mockNetwork();
  network.on(calls.adminEvent, ok(moderationAdminEvent()));
  server = await startRealtimeServer(() => view);
  const rendered = renderRoutes(routeObjects, paths.eventChat(EVENT_ID));
  // The live view is in: its messages show and the socket's snapshot carries the moderation state.
  await waitFor(() => expect(server?.subscribes).toHaveLength(1), SLOW);
  await within(await screen.findByRole('log', {}, SLOW)).findByText('Buy followers now!!!', {}, SLOW);
  return rendered;
}

/** A live update of the event as the gateway sends it, moving the version by one. */
function push(change: Omit<Update, 'eventId' | 'version' | 'prevVersion' | 'scope'>, scope: 'event' | 'moderation' = 'event') {
  const prevVersion = view.version;
  // A scoped update never moves the version; an 'event' one moves it by one.
  const version = scope === 'event' ? prevVersion + 1 : prevVersion;
  view = { ...view, version };
  server?.update({ eventId: EVENT_ID, version, prevVersion, scope, ...change });
}

const log = () => screen.getByRole('log');
const bubble = (text: string) => within(log()).queryByText(text)?.closest('li') ?? null;
const bar = () => screen.getByRole('region', { name: 'Chat moderation' });

beforeEach(() => signIn());
afterEach(() => {
  signOut();
});

describe("the organiser's chat moderation", () => {
  it('closes and opens the group chat, and shows the state the live view brings', async () => {
    const { user } = await openChat();
    let settings: ChatSettings = { closed: false, slow_mode_seconds: 0 };
    network.on(moderationCalls.chatSettings, (request) => {
      settings = { ...settings, ...(request.body as Partial<ChatSettings>) };
      return ok({ event_id: EVENT_ID, chat: settings });
    });
    expect(within(bar()).getByTestId('chat-state')).toHaveTextContent('Group chat open');

    await user.click(within(bar()).getByRole('button', { name: 'Close chat' }));
    expect(await within(bar()).findByRole('button', { name: 'Open chat' })).toBeInTheDocument();
    expect(within(bar()).getByTestId('chat-state')).toHaveTextContent('Group chat closed');
    expect(screen.getByText('The group chat is closed: attendees cannot post. You still can.')).toBeInTheDocument();
    const [sent] = network.sent(moderationCalls.chatSettings);
    expect(sent?.path).toBe(`/event/api/moderation/${EVENT_ID}/chat`);
    expect(sent?.body).toEqual({ closed: true });
    expect(sent?.headers.get('Authorization')).toBeTruthy();
    // The organiser may still write.
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeEnabled();

    await user.click(within(bar()).getByRole('button', { name: 'Open chat' }));
    expect(await within(bar()).findByRole('button', { name: 'Close chat' })).toBeInTheDocument();
    expect(network.sent(moderationCalls.chatSettings)[1]?.body).toEqual({ closed: false });

    // Closed on the organiser's other device: this screen follows the live view.
    push({ chat: { closed: true, slow_mode_seconds: 0 } });
    await waitFor(() => expect(within(bar()).getByTestId('chat-state')).toHaveTextContent('Group chat closed'), SLOW);
    expect(within(bar()).getByRole('button', { name: 'Open chat' })).toBeInTheDocument();
  });

  it('sets slow mode from its choices and reflects the live setting', async () => {
    const { user } = await openChat();
    network.on(moderationCalls.chatSettings, (request) => ok({ event_id: EVENT_ID, chat: { closed: false, slow_mode_seconds: (request.body as { slow_mode_seconds: number }).slow_mode_seconds } }));
    const select = within(bar()).getByRole('combobox', { name: 'Slow mode' });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Off', '5 s', '10 s', '30 s', '1 min', '5 min']);
    expect(select).toHaveDisplayValue('Off');

    await user.selectOptions(select, '30 s');
    await waitFor(() => expect(network.sent(moderationCalls.chatSettings)).toHaveLength(1));
    expect(network.sent(moderationCalls.chatSettings)[0]?.body).toEqual({ slow_mode_seconds: 30 });
    await waitFor(() => expect(select).toHaveDisplayValue('30 s'));
    expect(await screen.findByText('Slow mode: one message per 30 s per attendee')).toBeInTheDocument();

    push({ chat: { closed: false, slow_mode_seconds: 300 } });
    await waitFor(() => expect(select).toHaveDisplayValue('5 min'), SLOW);
    push({ chat: { closed: false, slow_mode_seconds: 0 } });
    await waitFor(() => expect(select).toHaveDisplayValue('Off'), SLOW);
    expect(screen.queryByText(/^Slow mode: one message/)).not.toBeInTheDocument();
  });

  it("pins announcements with the rule's messages under the field, shows the server's limit, and unpins", async () => {
    const { user } = await openChat(moderationView({ announcements: [announcement('a1', 4, 'Lunch at one')] }));
    const pinned: Announcement[] = [announcement('a1', 4, 'Lunch at one')];
    network.on(moderationCalls.pinAnnouncement, (request) => {
      if (pinned.length >= 3) return fail(safetyMessages.tooManyPinned, 400);
      const added = announcement(`a${pinned.length + 1}`, 10 + pinned.length, (request.body as { message: string }).message);
      pinned.push(added);
      return ok({ event_id: EVENT_ID, announcement: added });
    });
    network.on(moderationCalls.unpinAnnouncement, () => ok({ event_id: EVENT_ID }));
    const pins = () => within(screen.getByRole('list', { name: 'Pinned announcements' })).getAllByRole('listitem').map((li) => li.querySelector('p')?.textContent);
    expect(pins()).toEqual(['Lunch at one']);

    const toggle = within(bar()).getByRole('button', { name: 'Pin announcement' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const form = screen.getByRole('form', { name: 'Pin announcement' });
    const field = within(form).getByRole('textbox', { name: 'Announcement' });
    expect(field).toHaveFocus();
    await user.click(within(form).getByRole('button', { name: 'Pin' }));
    expect(field).toHaveAccessibleDescription('Announcement cannot be empty');
    await user.click(field);
    await user.paste('x'.repeat(501));
    expect(field).toHaveAccessibleDescription('Announcement must be at most 500 characters');
    await user.click(within(form).getByRole('button', { name: 'Pin' }));
    expect(network.sent(moderationCalls.pinAnnouncement)).toHaveLength(0);

    await user.clear(field);
    await user.type(field, 'Keynote moved to hall B');
    await user.click(within(form).getByRole('button', { name: 'Pin' }));
    await waitFor(() => expect(pins()).toEqual(['Keynote moved to hall B', 'Lunch at one']));
    expect(network.sent(moderationCalls.pinAnnouncement)[0]?.body).toEqual({ message: 'Keynote moved to hall B' });
    expect(screen.queryByRole('form', { name: 'Pin announcement' })).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();

    await user.click(toggle);
    await user.type(screen.getByRole('textbox', { name: 'Announcement' }), 'Raffle at five');
    await user.click(screen.getByRole('button', { name: 'Pin' }));
    await waitFor(() => expect(pins()).toHaveLength(3));

    // A fourth: the server's limit is said under the form, and the text stays for after an unpin.
    await user.click(toggle);
    await user.type(screen.getByRole('textbox', { name: 'Announcement' }), 'Doors close at ten');
    await user.click(screen.getByRole('button', { name: 'Pin' }));
    const refused = screen.getByRole('form', { name: 'Pin announcement' });
    expect(await within(refused).findByRole('alert')).toHaveTextContent(safetyMessages.tooManyPinned);
    expect(screen.getByRole('textbox', { name: 'Announcement' })).toHaveValue('Doors close at ten');
    expect(pins()).toHaveLength(3);

    const lunch = within(screen.getByRole('list', { name: 'Pinned announcements' })).getAllByRole('listitem').find((li) => li.textContent?.includes('Lunch at one'));
    await user.click(within(lunch as HTMLElement).getByRole('button', { name: 'Unpin' }));
    await waitFor(() => expect(pins()).toEqual(['Raffle at five', 'Keynote moved to hall B']));
    expect(network.sent(moderationCalls.unpinAnnouncement)[0]).toMatchObject({ method: 'DELETE', path: `/event/api/moderation/${EVENT_ID}/announcements/a1` });
  });

  it('shows announcements pinned and unpinned elsewhere as the live view brings them', async () => {
    await openChat();
    expect(screen.queryByRole('list', { name: 'Pinned announcements' })).not.toBeInTheDocument();
    push({ announcements: [announcement('a7', 6, 'Photos at the stage')] });
    const list = await screen.findByRole('list', { name: 'Pinned announcements' }, SLOW);
    expect(list).toHaveTextContent('Photos at the stage');
    push({ announcements: [announcement('a7', 7, 'Photos at the stage', false)] });
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Pinned announcements' })).not.toBeInTheDocument(), SLOW);
  });

  it('removes an attendee message for everyone after confirming', async () => {
    const { user } = await openChat();
    network.on(moderationCalls.removeMessage, () => ok({ event_id: EVENT_ID }));
    // The organiser's own messages have no menu; attendees' have one each.
    expect(within(log()).getAllByRole('button', { name: /^Actions on / })).toHaveLength(3);

    await user.click(within(bubble('Buy followers now!!!') as HTMLElement).getByRole('button', { name: "Actions on Bola Ade's message" }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this message?' });
    expect(dialog).toHaveTextContent("Bola Ade's message disappears for everyone in the chat.");
    await user.click(within(dialog).getByRole('button', { name: 'Remove message' }));

    await waitFor(() => expect(bubble('Buy followers now!!!')).toBeNull());
    const [sent] = network.sent(moderationCalls.removeMessage);
    expect(sent?.path).toBe(`/event/api/moderation/${EVENT_ID}/remove`);
    expect(sent?.body).toEqual({ message_id: 'm-spam', room: 'group' });
    expect(bubble('Hello all')).not.toBeNull();
    expect(await screen.findByText('Message removed')).toBeInTheDocument();
  });

  it('says why a removal was refused, and keeps the message', async () => {
    const { user } = await openChat();
    network.on(moderationCalls.removeMessage, fail(safetyMessages.messageNotFound, 404));
    await user.click(within(bubble('Hello all') as HTMLElement).getByRole('button', { name: "Actions on Bola Ade's message" }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove message' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove this message?' })).getByRole('button', { name: 'Remove message' }));
    expect(await screen.findByText(safetyMessages.messageNotFound)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bubble('Hello all')).not.toBeNull();
  });

  it('keeps the message when the removal is cancelled', async () => {
    const { user } = await openChat();
    await user.click(within(bubble('Hello all') as HTMLElement).getByRole('button', { name: "Actions on Bola Ade's message" }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove message' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove this message?' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bubble('Hello all')).not.toBeNull();
    expect(network.sent(moderationCalls.removeMessage)).toHaveLength(0);
  });

  it('hides a message removed on another screen as soon as the live update arrives', async () => {
    await openChat();
    push({ chats: [{ ...message('m-hello', 6, ''), removed: true }] });
    await waitFor(() => expect(bubble('Hello all')).toBeNull(), SLOW);
    expect(bubble('Buy followers now!!!')).not.toBeNull();
  });

  it("mutes a message's author from its menu, and offers Unmute while they are muted", async () => {
    const { user } = await openChat();
    const until = new Date(Date.now() + 60 * 60_000).toISOString();
    network.on(moderationCalls.muteAttendee, (request) => {
      const { attendee_id, mute } = request.body as { attendee_id: string; mute: number | 'forever' | 'off' };
      return ok({ event_id: EVENT_ID, attendee_id, mute: mute === 'off' ? null : { until: mute === 'forever' ? null : until } });
    });

    await user.click(within(bubble('Hello all') as HTMLElement).getByRole('button', { name: "Actions on Bola Ade's message" }));
    const group = await screen.findByRole('group', { name: 'Mute Bola Ade' });
    expect(within(group).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['5 min', '15 min', '1 hour', '24 hours', 'For good']);
    await user.click(within(group).getByRole('menuitem', { name: '1 hour' }));
    await waitFor(() => expect(network.sent(moderationCalls.muteAttendee)).toHaveLength(1));
    expect(network.sent(moderationCalls.muteAttendee)[0]).toMatchObject({ path: `/event/api/moderation/${EVENT_ID}/mute`, body: { attendee_id: BOLA.id, mute: 60 } });

    await user.click(within(bubble('Buy followers now!!!') as HTMLElement).getByRole('button', { name: "Actions on Bola Ade's message" }));
    expect(screen.queryByRole('group', { name: 'Mute Bola Ade' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('menuitem', { name: 'Unmute Bola Ade' }));
    await waitFor(() => expect(network.sent(moderationCalls.muteAttendee)).toHaveLength(2));
    expect(network.sent(moderationCalls.muteAttendee)[1]?.body).toEqual({ attendee_id: BOLA.id, mute: 'off' });

    await user.click(within(bubble('Hello all') as HTMLElement).getByRole('button', { name: "Actions on Bola Ade's message" }));
    await user.click(within(await screen.findByRole('group', { name: 'Mute Bola Ade' })).getByRole('menuitem', { name: 'For good' }));
    await waitFor(() => expect(network.sent(moderationCalls.muteAttendee)).toHaveLength(3));
    expect(network.sent(moderationCalls.muteAttendee)[2]?.body).toEqual({ attendee_id: BOLA.id, mute: 'forever' });
  });

  it('opens the message menu from the keyboard, and Escape gives the focus back to its button', async () => {
    const { user } = await openChat();
    network.on(moderationCalls.muteAttendee, (request) => ok({ event_id: EVENT_ID, attendee_id: BOLA.id, mute: { until: new Date(Date.now() + 5 * 60_000).toISOString() }, ...(request.body as object) }));
    within(bubble('Hello all') as HTMLElement).getByRole('button', { name: "Actions on Bola Ade's message" }).focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(menu).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    const button = within(bubble('Hello all') as HTMLElement).getByRole('button', { name: "Actions on Bola Ade's message" });
    await waitFor(() => expect(button).toHaveFocus());

    // Again, choosing with the arrow keys: from Remove message down to the first mute.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Remove message' })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: '5 min' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(network.sent(moderationCalls.muteAttendee)).toHaveLength(1));
    expect(network.sent(moderationCalls.muteAttendee)[0]?.body).toEqual({ attendee_id: BOLA.id, mute: 5 });
  });

  it('links to the moderation page with the number of open reports, following the live queue', async () => {
    await openChat(moderationView({ reports: [report('r1', 3), report('r2', 4, { status: 'dismissed', handled_at: '2024-05-01T10:10:00.000Z' })] }));
    const link = within(bar()).getByRole('link', { name: /Moderation/ });
    expect(link).toHaveAttribute('href', paths.eventModeration(EVENT_ID));
    expect(link).toHaveTextContent('1 open report');
    push({ reports: [report('r3', 5, { id: 'r3', message_id: 'm-hello', reported_text: 'Hello all' })] }, 'moderation');
    await waitFor(() => expect(link).toHaveTextContent('2 open reports'), SLOW);
  });
});
