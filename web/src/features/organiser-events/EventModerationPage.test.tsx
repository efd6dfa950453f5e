import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { calls, moderationCalls, type ChatReport, type Moderation, type ModerationAction } from '@tapcard/shared/contract';
import type { Update, ViewOf } from '@tapcard/shared/realtime';
import { paths, routes } from '../../lib/paths.js';
import { EVENT_ID } from '../../test/event-fixtures.js';
import { fail, mockNetwork, ok, type MockNetwork } from '../../test/network.js';
import { startRealtimeServer, type RealtimeTestServer } from '../../test/realtime-server.js';
import { renderRoutes, signIn, signOut } from '../../test/render.js';
import { EventModerationPage } from './EventModerationPage.js';
import { ADA, BOLA, moderationAdminEvent, moderationView, report, shownTime } from './moderation-fixtures.js';

const routeObjects = [{ path: routes.eventModeration, element: <EventModerationPage /> }];
const SLOW = { timeout: 10_000 };

let server: RealtimeTestServer | null = null;
let network: MockNetwork;
let view: ViewOf<'organiser'>;
/** What the moderation call answers (the server's side of the page). */
let stored: Moderation;

function entry(id: string, action: ModerationAction['action'], created_at: string, over: Partial<ModerationAction> = {}): ModerationAction {
  return { id, action, actor_name: 'Olu Organiser', actor_id: 'user-org', target_attendee_id: null, target_name: null, message_id: null, details: '', created_at, ...over };
}

async function openPage(initial: ViewOf<'organiser'> = moderationView(), read: Partial<Moderation> = {}) {
  view = initial;
  stored = { event_id: EVENT_ID, chat: { closed: false, slow_mode_seconds: 0 }, announcements: [], reports: initial.reports ?? [], muted: [], log: [], ...read };
  network = mockNetwork();
  network.on(calls.adminEvent, ok(moderationAdminEvent()));
  network.on(moderationCalls.moderation, () => ok(stored));
  server = await startRealtimeServer(() => view);
  const rendered = renderRoutes(routeObjects, paths.eventModeration(EVENT_ID));
  await waitFor(() => expect(server?.subscribes).toHaveLength(1), SLOW);
  await screen.findByRole('heading', { name: 'Moderation', level: 1 }, SLOW);
  return rendered;
}

function push(change: Omit<Update, 'eventId' | 'version' | 'prevVersion' | 'scope'>, scope: Update['scope'] = 'event') {
  const prevVersion = view.version;
  const version = scope === 'event' ? prevVersion + 1 : prevVersion;
  view = { ...view, version };
  server?.update({ eventId: EVENT_ID, version, prevVersion, scope, ...change });
}

const reportsSection = () => screen.getByRole('region', { name: 'Reports' });
const reportCards = () => within(reportsSection()).queryAllByTestId('report');
const cardOf = (name: string) => within(reportsSection()).getByRole('listitem', { name }) as HTMLElement;

beforeEach(() => signIn());
afterEach(() => {
  signOut();
});

describe("the organiser's moderation page", () => {
  it('shows a report filed on a phone in the queue at once, without a reload', async () => {
    await openPage();
    expect(await within(reportsSection()).findByText('No reports. Attendees can report a message from its menu.')).toBeInTheDocument();
    const reads = network.sent(calls.adminEvent).length;

    const filed = report('r1', 5, { reason: 'harassment', details: 'Keeps writing to me', created_at: new Date().toISOString() });
    push({ reports: [filed] }, 'moderation');
    const card = await within(reportsSection()).findByRole('listitem', { name: 'Harassment or bullying: Message by Bola Ade' }, SLOW);
    expect(card).toHaveTextContent('Buy followers now!!!');
    expect(card).toHaveTextContent('Keeps writing to me');
    expect(card).toHaveTextContent(`Reported by Ada Obi · ${shownTime(filed.created_at)}`);
    expect(card).toHaveTextContent('Group chat');
    expect(card).toHaveTextContent('Open');
    expect(within(card).getByRole('button', { name: 'Remove message' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Mute author' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Dismiss' })).toBeInTheDocument();
    expect(within(reportsSection()).getByText('1 open report')).toBeInTheDocument();
    expect(network.sent(calls.adminEvent)).toHaveLength(reads);
  });

  it('lists open reports first, newest first, and handled ones with their outcome', async () => {
    const reports: ChatReport[] = [
      report('r-old', 2, { reason: 'other', reported_name: 'Chidi Eze', created_at: '2024-05-01T09:00:00.000Z' }),
      report('r-done', 4, { reason: 'spam', reported_name: 'Dayo Bello', status: 'dismissed', created_at: '2024-05-01T11:00:00.000Z', handled_at: '2024-05-01T11:30:00.000Z' }),
      report('r-new', 3, { reason: 'inappropriate', created_at: '2024-05-01T10:00:00.000Z' }),
      report('r-fixed', 5, { reason: 'harassment', reported_name: 'Efe Obi', status: 'resolved', created_at: '2024-05-01T08:00:00.000Z', handled_at: '2024-05-01T12:00:00.000Z' }),
    ];
    await openPage(moderationView({ reports }));
    await waitFor(() => expect(reportCards()).toHaveLength(4), SLOW);
    expect(reportCards().map((c) => c.querySelector('h3')?.textContent)).toEqual([
      'Inappropriate or offensive: Message by Bola Ade',
      'Something else: Message by Chidi Eze',
      'Harassment or bullying: Message by Efe Obi',
      'Spam or advertising: Message by Dayo Bello',
    ]);
    const fixed = cardOf('Harassment or bullying: Message by Efe Obi');
    expect(within(fixed).getByTestId('report-outcome')).toHaveTextContent(`Resolved ${shownTime('2024-05-01T12:00:00.000Z')}`);
    expect(within(fixed).queryByRole('button')).not.toBeInTheDocument();
    expect(within(cardOf('Spam or advertising: Message by Dayo Bello')).getByTestId('report-outcome')).toHaveTextContent(`Dismissed ${shownTime('2024-05-01T11:30:00.000Z')}`);
    expect(within(reportsSection()).getByText('2 open reports')).toBeInTheDocument();
  });

  it('removes a reported message after confirming: the report is resolved', async () => {
    const { user } = await openPage(moderationView({ reports: [report('r1', 3)] }));
    network.on(moderationCalls.handleReport, () => ok({ event_id: EVENT_ID, report: report('r1', 7, { status: 'resolved', handled_at: new Date().toISOString() }) }));
    const card = await within(reportsSection()).findByRole('listitem', { name: 'Spam or advertising: Message by Bola Ade' }, SLOW);
    await user.click(within(card).getByRole('button', { name: 'Remove message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this message?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove message' }));

    await waitFor(() => expect(within(cardOf('Spam or advertising: Message by Bola Ade')).getByTestId('report-outcome')).toHaveTextContent(/^Resolved /));
    const [sent] = network.sent(moderationCalls.handleReport);
    expect(sent?.path).toBe(`/event/api/moderation/${EVENT_ID}/reports/r1`);
    expect(sent?.body).toEqual({ action: 'remove_message' });
    expect(within(reportsSection()).getByText('0 open reports')).toBeInTheDocument();
  });

  it('mutes the author of a reported message for the chosen time and resolves the report', async () => {
    const { user } = await openPage(moderationView({ reports: [report('r1', 3)] }));
    const until = new Date(Date.now() + 15 * 60_000).toISOString();
    network.on(moderationCalls.muteAttendee, () => ok({ event_id: EVENT_ID, attendee_id: BOLA.id, mute: { until } }));
    network.on(moderationCalls.handleReport, () => ok({ event_id: EVENT_ID, report: report('r1', 8, { status: 'resolved', handled_at: new Date().toISOString() }) }));
    const card = await within(reportsSection()).findByRole('listitem', { name: 'Spam or advertising: Message by Bola Ade' }, SLOW);

    await user.click(within(card).getByRole('button', { name: 'Mute author' }));
    await user.click(within(await screen.findByRole('group', { name: 'Mute Bola Ade for' })).getByRole('menuitem', { name: '15 min' }));
    await waitFor(() => expect(network.sent(moderationCalls.handleReport)).toHaveLength(1));
    expect(network.sent(moderationCalls.muteAttendee)[0]?.body).toEqual({ attendee_id: BOLA.id, mute: 15 });
    expect(network.sent(moderationCalls.handleReport)[0]?.body).toEqual({ action: 'resolve' });
    await waitFor(() => expect(within(cardOf('Spam or advertising: Message by Bola Ade')).getByTestId('report-outcome')).toHaveTextContent(/^Resolved /));
    // Bola is now among the muted, until when.
    const muted = screen.getByRole('list', { name: 'Muted attendees' });
    expect(within(muted).getByRole('listitem')).toHaveTextContent(`Bola Ade`);
    expect(within(muted).getByRole('listitem')).toHaveTextContent(`Muted until ${shownTime(until)}`);
  });

  it('dismisses a report', async () => {
    const { user } = await openPage(moderationView({ reports: [report('r1', 3)] }));
    network.on(moderationCalls.handleReport, () => ok({ event_id: EVENT_ID, report: report('r1', 8, { status: 'dismissed', handled_at: new Date().toISOString() }) }));
    const card = await within(reportsSection()).findByRole('listitem', { name: 'Spam or advertising: Message by Bola Ade' }, SLOW);
    await user.click(within(card).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(within(cardOf('Spam or advertising: Message by Bola Ade')).getByTestId('report-outcome')).toHaveTextContent(/^Dismissed /));
    expect(network.sent(moderationCalls.handleReport)[0]?.body).toEqual({ action: 'dismiss' });
  });

  it('lists the muted attendees with until when, and unmutes', async () => {
    const until = new Date(Date.now() + 60 * 60_000).toISOString();
    const { user } = await openPage(moderationView({ mutes: { [BOLA.id]: { until }, [ADA.id]: { until: null } } }));
    network.on(moderationCalls.muteAttendee, (request) => ok({ event_id: EVENT_ID, attendee_id: (request.body as { attendee_id: string }).attendee_id, mute: null }));
    const muted = await screen.findByRole('list', { name: 'Muted attendees' }, SLOW);
    await waitFor(() => expect(within(muted).getAllByRole('listitem')).toHaveLength(2));
    const [ada, bola] = within(muted).getAllByRole('listitem');
    expect(ada).toHaveTextContent('Ada Obi');
    expect(within(ada as HTMLElement).getByTestId('mute-state')).toHaveTextContent(/^Muted$/);
    expect(bola).toHaveTextContent('Bola Ade');
    expect(within(bola as HTMLElement).getByTestId('mute-state')).toHaveTextContent(`Muted until ${shownTime(until)}`);

    await user.click(within(bola as HTMLElement).getByRole('button', { name: 'Unmute Bola Ade' }));
    await waitFor(() => expect(within(muted).getAllByRole('listitem')).toHaveLength(1));
    expect(network.sent(moderationCalls.muteAttendee)[0]?.body).toEqual({ attendee_id: BOLA.id, mute: 'off' });
    await user.click(within(muted).getByRole('button', { name: 'Unmute Ada Obi' }));
    expect(await screen.findByText('Nobody is muted.')).toBeInTheDocument();
  });

  it('shows the moderation log newest first, and reads it again when the live view moves', async () => {
    const log = [
      entry('l1', 'close_chat', '2024-05-01T10:00:00.000Z'),
      entry('l2', 'mute', '2024-05-01T10:20:00.000Z', { target_attendee_id: BOLA.id, target_name: 'Bola Ade', details: 'until 11:20' }),
      entry('l3', 'pin', '2024-05-01T10:10:00.000Z', { details: 'Lunch at one' }),
    ];
    await openPage(moderationView(), { log });
    const list = await screen.findByRole('list', { name: 'Moderation log' }, SLOW);
    const lines = () => within(list).getAllByRole('listitem').map((li) => li.textContent);
    expect(lines()).toEqual([
      `${shownTime('2024-05-01T10:20:00.000Z')}Olu Organiser muted Bola Ade: until 11:20`,
      `${shownTime('2024-05-01T10:10:00.000Z')}Olu Organiser pinned an announcement: Lunch at one`,
      `${shownTime('2024-05-01T10:00:00.000Z')}Olu Organiser closed the group chat`,
    ]);
    const reads = network.sent(moderationCalls.moderation).length;
    expect(network.sent(moderationCalls.moderation)[0]?.path).toBe(`/event/api/moderation/${EVENT_ID}`);

    // Another organiser removes a message: the event's version moves and the log is read again.
    stored = { ...stored, log: [...log, entry('l4', 'remove_message', '2024-05-01T10:30:00.000Z', { target_name: 'Bola Ade', message_id: 'm-spam' })] };
    push({ chats: [] });
    await waitFor(() => expect(lines()[0]).toBe(`${shownTime('2024-05-01T10:30:00.000Z')}Olu Organiser removed a message by Bola Ade`), SLOW);
    expect(network.sent(moderationCalls.moderation).length).toBeGreaterThan(reads);
  });

  it('says when the log cannot be read, and reads it again on Try again', async () => {
    let failing = true;
    const { user } = await openPage();
    network.on(moderationCalls.moderation, () => (failing ? fail('Server error', 500) : ok({ ...stored, log: [entry('l1', 'open_chat', '2024-05-01T10:00:00.000Z')] })));
    push({ chats: [] });
    const alert = await within(screen.getByRole('region', { name: 'Moderation log' })).findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent('The moderation log could not be loaded.');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Olu Organiser opened the group chat')).toBeInTheDocument();
  });
});
