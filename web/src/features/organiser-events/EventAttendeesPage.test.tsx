import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calls, doorCalls, moderationCalls, type DoorConflict } from '@tapcard/shared/contract';
import type { ViewOf } from '@tapcard/shared/realtime';
import { organiserViewOf } from '../../lib/live/polls.js';
import { paths, routes } from '../../lib/paths.js';
import { adminEvent, ATTENDEE_ID, EVENT_ID } from '../../test/event-fixtures.js';
import { fail, mockNetwork, ok } from '../../test/network.js';
import { startRealtimeServer } from '../../test/realtime-server.js';
import { renderRoutes, signIn, signOut, TEST_TOKEN } from '../../test/render.js';
import { attendeesCsv } from './attendees-csv.js';
import { EventAttendeesPage } from './EventAttendeesPage.js';
import { ADA, BOLA, moderationView, report, shownTime } from './moderation-fixtures.js';

const routeObjects = [{ path: routes.eventAttendees, element: <EventAttendeesPage /> }];

beforeEach(() => signIn());
afterEach(() => {
  signOut();
});

const BOLA_IN = '2024-05-01T18:02:00.000Z';
const ADA_IN = '2024-05-01T18:05:30.000Z';

/** The organiser's live view with Bola checked in at the North gate (as the gateway sends it). */
function doorView(admin: ReturnType<typeof adminEvent>, version = 7): ViewOf<'organiser'> {
  const view = organiserViewOf(admin);
  return { ...view, version, attendees: view.attendees.map((a) => (a.checked_in ? { ...a, checked_in_at: BOLA_IN, checked_in_by: 'North gate' } : { ...a, checked_in_at: null, checked_in_by: null })) };
}

const gateCounts = () => screen.queryAllByTestId('gate-count').map((li) => [li.dataset.gate, Number(li.dataset.count)]);

/** RFC 4180 records of a CSV text (quoted cells with doubled quotes, CRLF line ends), less the byte order mark. */
/** The event's admin data as the upstream answers it. */
function serveAdminEvent() {
  const admin = adminEvent();
  const network = mockNetwork();
  network.on(calls.adminEvent, ok(admin));
  return { admin, network };
}

/** The attendees page, open, with the realtime server answering `view`. */
async function openPage(view: () => ViewOf<'organiser'>) {
  const live = await startRealtimeServer(view);
  return { live, ...renderRoutes(routeObjects, paths.eventAttendees(EVENT_ID)) };
}

function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i += 1) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += c;
  }
  return rows;
}

/** The text of the blob the page hands to the browser's download (URL.createObjectURL). */
function captureDownloads(): { texts: Promise<string>[]; names: string[] } {
  const texts: Promise<string>[] = [];
  const names: string[] = [];
  vi.stubGlobal('URL', Object.assign(class extends URL {}, {
    createObjectURL: (blob: Blob) => {
      texts.push(new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(blob);
      }));
      return 'blob:test';
    },
    revokeObjectURL: () => undefined,
  }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return { texts, names };
}

function conflict(over: Partial<DoorConflict> = {}): DoorConflict {
  return {
    id: 'c1',
    attendee: { id: 'att-bola', name: 'Bola Ade', image: '' },
    gate: 'South gate',
    scanned_at: '2024-05-01T18:03:00.000Z',
    first_checked_in_at: BOLA_IN,
    first_checked_in_by: 'North gate',
    created_at: '2024-05-01T18:10:00.000Z',
    ...over,
  };
}

describe('organiser attendees', () => {
  it('updates the checked-in count from a live update, without a reload', async () => {
    const { admin, network } = serveAdminEvent();
    const { live } = await openPage(() => ({ ...organiserViewOf(admin), version: 7 }));

    // Stock 50 + 10; Bola is checked in.
    const count = await screen.findByTestId('checked-in-count');
    expect(count).toHaveTextContent(/^1 \/ 60 tickets$/);
    // Labelled on screen and named in words: the spec's 'checked-in attendees / total stock'.
    expect(screen.getByRole('status', { name: '1 checked in of 60 tickets' })).toHaveTextContent(/^Checked in 1 \/ 60 tickets$/);
    await waitFor(() => expect(live.subscribes[0]).toEqual({ payload: { kind: 'organiser', eventId: EVENT_ID }, token: TEST_TOKEN }));
    await screen.findByText('Ada Obi');

    live.update({ eventId: EVENT_ID, version: 8, prevVersion: 7, scope: 'attendance', attendees: [{ id: ATTENDEE_ID, name: 'Ada Obi', image: '', price_category: 'Free', checked_in: true }] });
    await waitFor(() => expect(count).toHaveTextContent('2 / 60 tickets'));
    expect(network.sent(calls.adminEvent)).toHaveLength(1);
  });

  it('switches an attendee to Present from the Attendance modal', async () => {
    const { admin, network } = serveAdminEvent();
    // As the gateway's state would: a snapshot taken after the check-in has it (on a loaded machine the
    // live snapshot can arrive after the check-in's answer).
    let adaIn = false;
    network.on(calls.checkIn, () => {
      adaIn = true;
      return ok({ status: true, event_id: EVENT_ID });
    });
    await startRealtimeServer(() => {
      const view = organiserViewOf(admin);
      return { ...view, attendees: view.attendees.map((a) => (a.id === ATTENDEE_ID ? { ...a, checked_in: adaIn } : a)) };
    });
    const { user } = renderRoutes(routeObjects, paths.eventAttendees(EVENT_ID));

    await user.click(await screen.findByRole('button', { name: /Ada Obi/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Ada Obi' });
    const attendance = within(dialog).getByRole('switch', { name: 'Attendance' });
    expect(attendance).not.toBeChecked();
    expect(within(dialog).getByText('Absent')).toBeInTheDocument();

    await user.click(attendance);
    await waitFor(() => expect(within(dialog).getByRole('switch', { name: 'Attendance' })).toBeChecked());
    expect(within(dialog).getByText('Present')).toBeInTheDocument();
    const [sent] = network.sent(calls.checkIn);
    expect(sent?.path).toBe(`/event/api/check-in/${ATTENDEE_ID}`);
    expect(sent?.body).toEqual({ event_id: EVENT_ID, checked_in: true });
    expect(screen.getByTestId('checked-in-count')).toHaveTextContent('2 / 60 tickets');
  });

  it('counts check-ins per gate and follows a live check-in at another place, without a reload', async () => {
    const { admin, network } = serveAdminEvent();
    const { live } = await openPage(() => doorView(admin));

    await waitFor(() => expect(gateCounts()).toEqual([['North gate', 1]]));
    expect(screen.getByRole('list', { name: 'Checked in per gate' })).toBeInTheDocument();

    live.update({ eventId: EVENT_ID, version: 8, prevVersion: 7, scope: 'attendance', attendees: [{ id: ATTENDEE_ID, name: 'Ada Obi', image: '', price_category: 'Free', checked_in: true, checked_in_at: ADA_IN, checked_in_by: 'organiser' }] });
    await waitFor(() => expect(gateCounts()).toEqual([['North gate', 1], ['Organiser', 1]]));
    expect(screen.getByTestId('checked-in-count')).toHaveTextContent('2 / 60 tickets');

    live.update({ eventId: EVENT_ID, version: 9, prevVersion: 8, scope: 'attendance', attendees: [{ id: 'att-bola', name: 'Bola Ade', image: '', price_category: 'VIP', checked_in: false, checked_in_at: null, checked_in_by: null }] });
    await waitFor(() => expect(gateCounts()).toEqual([['Organiser', 1]]));
    expect(network.sent(calls.adminEvent)).toHaveLength(1);
  });

  it('shows when and at which gate an attendee was checked in, in their dialog', async () => {
    const { admin } = serveAdminEvent();
    const { user } = await openPage(() => doorView(admin));

    await waitFor(() => expect(gateCounts()).toEqual([['North gate', 1]]));
    await user.click(screen.getByRole('button', { name: /Bola Ade/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Bola Ade' });
    const time = new Date(BOLA_IN).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
    expect(within(dialog).getByTestId('checked-in-at')).toHaveTextContent(`Checked in ${time} at North gate`);
  });

  it('exports the attendees as CSV with their email, ticket, check-in time and gate', async () => {
    const { admin } = serveAdminEvent();
    const { user } = await openPage(() => doorView(admin));
    await waitFor(() => expect(gateCounts()).toEqual([['North gate', 1]]));
    const downloads = captureDownloads();

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads.texts).toHaveLength(1));
    expect(downloads.names).toEqual(['tech-meetup-attendees.csv']);
    const rows = parseCsv(await downloads.texts[0]!);
    expect(rows[0]).toEqual(['Name', 'Email', 'Ticket', 'Checked in', 'Check-in time (UTC)', 'Gate']);
    expect(rows).toContainEqual(['Bola Ade', 'bola@example.com', 'VIP', 'yes', BOLA_IN, 'North gate']);
    expect(rows).toContainEqual(['Ada Obi', 'ada@example.com', 'Free', 'no', '', '']);
    expect(rows).toHaveLength(3);
  });

  it('keeps a spreadsheet from running an attendee name as a formula, and quotes commas', () => {
    const text = attendeesCsv([{ name: '=HYPERLINK("http://x")', email: null, price_category: 'VIP, early', checked_in: true, checked_in_at: ADA_IN, checked_in_by: 'chip:user-1' }]);
    const rows = parseCsv(text);
    expect(rows[1]).toEqual(['\'=HYPERLINK("http://x")', '', 'VIP, early', 'yes', ADA_IN, 'Chip page']);
  });

  it('lists door conflicts only when there are some, and reads them again when the live version moves', async () => {
    const { admin, network } = serveAdminEvent();
    let conflicts: DoorConflict[] = [];
    network.on(doorCalls.listDoorConflicts, () => ok({ event_id: EVENT_ID, conflicts }));
    const { live } = await openPage(() => doorView(admin));

    await waitFor(() => expect(network.sent(doorCalls.listDoorConflicts).length).toBeGreaterThan(0));
    await waitFor(() => expect(gateCounts()).toEqual([['North gate', 1]]));
    expect(screen.queryByRole('heading', { name: 'Door conflicts' })).not.toBeInTheDocument();
    const before = network.sent(doorCalls.listDoorConflicts).length;

    conflicts = [conflict()];
    // A conflict moves the event's version (an 'event' update; check-ins alone do not move it).
    live.update({ eventId: EVENT_ID, version: 8, prevVersion: 7, scope: 'event' });
    const section = await screen.findByRole('region', { name: 'Door conflicts' });
    expect(network.sent(doorCalls.listDoorConflicts).length).toBeGreaterThan(before);
    const item = within(section).getByTestId('door-conflict');
    const at = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
    expect(item).toHaveTextContent(`Bola Ade: counted at North gate, ${at(BOLA_IN)}; also scanned at South gate, ${at('2024-05-01T18:03:00.000Z')} — counted once`);
    expect(network.sent(doorCalls.listDoorConflicts)[0]?.path).toBe(`/event/api/door-conflicts/${EVENT_ID}`);
  });

  it('links to the projector view', async () => {
    const { admin } = serveAdminEvent();
    await openPage(() => doorView(admin));
    expect(await screen.findByRole('link', { name: 'Projector view' })).toHaveAttribute('href', paths.eventLive(EVENT_ID));
  });
});

describe('organiser attendees: mutes and hidden attendees', () => {
  it('mutes an attendee from their dialog for each duration, says until when, and unmutes', async () => {
    const { network } = serveAdminEvent();
    const answers: string[] = [];
    network.on(moderationCalls.muteAttendee, (request) => {
      const { attendee_id, mute } = request.body as { attendee_id: string; mute: number | 'forever' | 'off' };
      const until = typeof mute === 'number' ? new Date(Date.now() + mute * 60_000).toISOString() : null;
      if (until) answers.push(until);
      return ok({ event_id: EVENT_ID, attendee_id, mute: mute === 'off' ? null : { until } });
    });
    const { user } = await openPage(() => moderationView());

    await user.click(await screen.findByRole('button', { name: /Ada Obi/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Ada Obi' });
    const state = within(dialog).getByTestId('mute-state');
    expect(state).toHaveTextContent('Not muted');
    expect(within(dialog).queryByRole('button', { name: 'Unmute' })).not.toBeInTheDocument();

    const choices: [string, number | 'forever'][] = [['5 min', 5], ['15 min', 15], ['1 hour', 60], ['24 hours', 1440], ['For good', 'forever']];
    for (const [label, mute] of choices) {
      const sent = network.sent(moderationCalls.muteAttendee).length;
      await user.click(within(dialog).getByRole('button', { name: sent === 0 ? 'Mute' : 'Change mute' }));
      const group = await screen.findByRole('group', { name: 'Mute Ada Obi for' });
      if (sent === 0) expect(within(group).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['5 min', '15 min', '1 hour', '24 hours', 'For good']);
      await user.click(within(group).getByRole('menuitem', { name: label }));
      await waitFor(() => expect(network.sent(moderationCalls.muteAttendee)).toHaveLength(sent + 1));
      expect(network.sent(moderationCalls.muteAttendee)[sent]?.body).toEqual({ attendee_id: ATTENDEE_ID, mute });
      const expected = mute === 'forever' ? 'Muted' : `Muted until ${shownTime(answers.at(-1) as string)}`;
      await waitFor(() => expect(state).toHaveTextContent(new RegExp(`^${expected}$`)));
    }
    expect(network.sent(moderationCalls.muteAttendee)[0]?.path).toBe(`/event/api/moderation/${EVENT_ID}/mute`);
    // The grid behind the dialog says it too.
    const tile = screen.getAllByRole('button', { name: /Ada Obi/, hidden: true }).find((b) => !dialog.contains(b)) as HTMLElement;
    expect(tile).toHaveTextContent('Muted');

    await user.click(within(dialog).getByRole('button', { name: 'Unmute' }));
    await waitFor(() => expect(state).toHaveTextContent('Not muted'));
    expect(network.sent(moderationCalls.muteAttendee).at(-1)?.body).toEqual({ attendee_id: ATTENDEE_ID, mute: 'off' });
    expect(tile).not.toHaveTextContent('Muted');
  });

  it("follows a mute made on another screen, and a timed one's end", async () => {
    serveAdminEvent();
    const { live, user } = await openPage(() => moderationView({ mutes: { [BOLA.id]: { until: new Date(Date.now() - 60_000).toISOString() } } }));
    await waitFor(() => expect(live.subscribes).toHaveLength(1));
    await user.click(await screen.findByRole('button', { name: /Bola Ade/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Bola Ade' });
    // A mute that has run out is no mute.
    expect(within(dialog).getByTestId('mute-state')).toHaveTextContent('Not muted');

    live.update({ eventId: EVENT_ID, version: 6, prevVersion: 5, scope: 'attendance', attendees: [{ id: BOLA.id, name: BOLA.name, image: '', price_category: 'VIP', checked_in: true, mute: { until: null }, hidden: false }] });
    await waitFor(() => expect(within(dialog).getByTestId('mute-state')).toHaveTextContent(/^Muted$/));
    expect(within(dialog).getByRole('button', { name: 'Unmute' })).toBeInTheDocument();
  });

  it('marks attendees hidden from public lists in the grid and in their dialog', async () => {
    serveAdminEvent();
    const { live, user } = await openPage(() => moderationView({ hidden: [ADA.id] }));
    await waitFor(() => expect(screen.getAllByTestId('hidden-mark')).toHaveLength(1));
    const ada = screen.getByRole('button', { name: /Ada Obi/ });
    expect(ada).toHaveTextContent('Hidden from public lists');
    expect(screen.getByRole('button', { name: /Bola Ade/ })).not.toHaveTextContent('Hidden from public lists');

    await user.click(ada);
    const dialog = await screen.findByRole('dialog', { name: 'Ada Obi' });
    expect(within(dialog).getByText('Hidden from public lists')).toBeInTheDocument();

    // Ada shows herself again: the mark goes, live.
    live.update({ eventId: EVENT_ID, version: 6, prevVersion: 5, scope: 'attendance', attendees: [{ id: ADA.id, name: ADA.name, image: '', price_category: 'Free', checked_in: false, mute: null, hidden: false }] });
    await waitFor(() => expect(screen.queryAllByTestId('hidden-mark')).toHaveLength(0));
  });

  it("re-sends an attendee's ticket once per click, even on a double-click, and says so", async () => {
    const { network } = serveAdminEvent();
    let release: () => void = () => undefined;
    network.on(calls.resendTicket, () => new Promise((resolve) => {
      release = () => resolve(ok());
    }));
    const { user } = await openPage(() => moderationView());

    await user.click(await screen.findByRole('button', { name: /Ada Obi/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Ada Obi' });
    expect(within(dialog).getByRole('link', { name: 'Message Ada Obi' })).toHaveAttribute('href', paths.eventMessages(EVENT_ID, ATTENDEE_ID));
    const button = within(dialog).getByRole('button', { name: 'Re-send ticket' });
    expect(button).toHaveAccessibleDescription('Mails their ticket again with a new access link; the old link stops working.');
    await user.dblClick(button);
    await waitFor(() => expect(button).toBeDisabled());
    await user.click(button);
    release();
    expect(await screen.findByText('Ticket sent again to Ada Obi.')).toBeInTheDocument();
    await waitFor(() => expect(button).toBeEnabled());
    expect(network.sent(calls.resendTicket)).toHaveLength(1);
    expect(network.sent(calls.resendTicket)[0]).toMatchObject({ path: `/event/api/events/${EVENT_ID}/resend-ticket`, body: { attendee_id: ATTENDEE_ID } });
  });

  it('says why a ticket could not be re-sent', async () => {
    const { network } = serveAdminEvent();
    network.on(calls.resendTicket, fail('This attendee was not found', 404));
    const { user } = await openPage(() => moderationView());

    await user.click(await screen.findByRole('button', { name: /Ada Obi/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Ada Obi' });
    await user.click(within(dialog).getByRole('button', { name: 'Re-send ticket' }));
    expect(await screen.findByText('This attendee was not found')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Re-send ticket' })).toBeEnabled();
  });

  it("cancels an attendee's registration once after a confirmation, and lists the cancelled tickets with their refunds", async () => {
    const { network } = serveAdminEvent();
    network.on(calls.cancelledAttendees, ok([]));
    let release: () => void = () => undefined;
    const cancelledAda = { id: ADA.id, name: ADA.name, email: 'ada@example.com', ticket: 'Free', amount: 0, cancelled_at: '2024-05-01T10:00:00.000Z', cancelled_by: 'organiser' as const, refund: null };
    const cancelledBola = { id: BOLA.id, name: BOLA.name, email: 'bola@example.com', ticket: 'VIP', amount: 15000, cancelled_at: '2024-05-01T09:00:00.000Z', cancelled_by: 'attendee' as const, refund: { state: 'pending' as const, amount: 15000 } };
    network.on(calls.cancelAttendee, () => new Promise((resolve) => {
      release = () => resolve(ok(cancelledAda));
    }));
    const { user } = await openPage(() => moderationView());

    await user.click(await screen.findByRole('button', { name: /Ada Obi/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Ada Obi' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel registration' }));
    const question = within(dialog).getByRole('group', { name: "Cancel Ada Obi's registration?" });
    expect(question).toHaveTextContent('Their ticket was free: nothing to refund.');
    const confirm = within(question).getByRole('button', { name: 'Yes, cancel it' });
    await user.dblClick(confirm);
    await user.click(confirm);
    network.on(calls.cancelledAttendees, ok([cancelledAda, cancelledBola]));
    release();
    expect(await screen.findByText("Ada Obi's registration is cancelled.")).toBeInTheDocument();
    expect(network.sent(calls.cancelAttendee)).toHaveLength(1);
    expect(network.sent(calls.cancelAttendee)[0]).toMatchObject({ path: `/event/api/events/${EVENT_ID}/cancel-attendee`, body: { attendee_id: ATTENDEE_ID } });

    const list = await screen.findByRole('region', { name: 'Cancelled tickets' });
    const rows = await within(list).findAllByTestId('cancelled-attendee');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Ada ObiFree · Free ticket · Cancelled by you',
      'Bola AdeVIP · NGN 15,000 · Cancelled by the attendeeRefund pending (NGN 15,000)',
    ]);
    await waitFor(() => expect(screen.queryByRole('button', { name: /Ada Obi/ })).not.toBeInTheDocument());
  });

  it('links to the moderation page with the open reports', async () => {
    serveAdminEvent();
    await openPage(() => moderationView({ reports: [report('r1', 3), report('r2', 4)] }));
    const link = await screen.findByRole('link', { name: /Moderation/ });
    expect(link).toHaveAttribute('href', paths.eventModeration(EVENT_ID));
    await waitFor(() => expect(link).toHaveTextContent('2 open reports'));
  });
});
