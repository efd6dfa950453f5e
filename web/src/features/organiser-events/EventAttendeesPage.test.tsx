import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calls, doorCalls, type DoorConflict } from '@tapcard/shared/contract';
import type { ViewOf } from '@tapcard/shared/realtime';
import { organiserViewOf } from '../../lib/live/polls.js';
import { paths, routes } from '../../lib/paths.js';
import { adminEvent, ATTENDEE_ID, EVENT_ID } from '../../test/event-fixtures.js';
import { mockNetwork, ok } from '../../test/network.js';
import { startRealtimeServer, type RealtimeTestServer } from '../../test/realtime-server.js';
import { renderRoutes, signIn, signOut, TEST_TOKEN } from '../../test/render.js';
import { attendeesCsv } from './attendees-csv.js';
import { EventAttendeesPage } from './EventAttendeesPage.js';

const routeObjects = [{ path: routes.eventAttendees, element: <EventAttendeesPage /> }];

let server: RealtimeTestServer | null = null;
beforeEach(() => signIn());
afterEach(async () => {
  await server?.close();
  server = null;
  signOut();
  vi.unstubAllGlobals();
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
    const admin = adminEvent();
    const network = mockNetwork();
    network.on(calls.adminEvent, ok(admin));
    server = await startRealtimeServer(() => ({ ...organiserViewOf(admin), version: 7 }));
    renderRoutes(routeObjects, paths.eventAttendees(EVENT_ID));

    // Stock 50 + 10; Bola is checked in.
    const count = await screen.findByTestId('checked-in-count');
    expect(count).toHaveTextContent('1 / 60');
    await waitFor(() => expect(server?.subscribes[0]).toEqual({ payload: { kind: 'organiser', eventId: EVENT_ID }, token: TEST_TOKEN }));
    await screen.findByText('Ada Obi');

    server.update({ eventId: EVENT_ID, version: 8, prevVersion: 7, scope: 'attendance', attendees: [{ id: ATTENDEE_ID, name: 'Ada Obi', image: '', price_category: 'Free', checked_in: true }] });
    await waitFor(() => expect(count).toHaveTextContent('2 / 60'));
    expect(network.sent(calls.adminEvent)).toHaveLength(1);
  });

  it('switches an attendee to Present from the Attendance modal', async () => {
    const admin = adminEvent();
    const network = mockNetwork();
    network.on(calls.adminEvent, ok(admin));
    network.on(calls.checkIn, ok({ status: true, event_id: EVENT_ID }));
    server = await startRealtimeServer(() => organiserViewOf(admin));
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
    expect(screen.getByTestId('checked-in-count')).toHaveTextContent('2 / 60');
  });

  it('counts check-ins per gate and follows a live check-in at another place, without a reload', async () => {
    const admin = adminEvent();
    const network = mockNetwork();
    network.on(calls.adminEvent, ok(admin));
    server = await startRealtimeServer(() => doorView(admin));
    renderRoutes(routeObjects, paths.eventAttendees(EVENT_ID));

    await waitFor(() => expect(gateCounts()).toEqual([['North gate', 1]]));
    expect(screen.getByRole('list', { name: 'Checked in per gate' })).toBeInTheDocument();

    server.update({ eventId: EVENT_ID, version: 8, prevVersion: 7, scope: 'attendance', attendees: [{ id: ATTENDEE_ID, name: 'Ada Obi', image: '', price_category: 'Free', checked_in: true, checked_in_at: ADA_IN, checked_in_by: 'organiser' }] });
    await waitFor(() => expect(gateCounts()).toEqual([['North gate', 1], ['Organiser', 1]]));
    expect(screen.getByTestId('checked-in-count')).toHaveTextContent('2 / 60');

    server.update({ eventId: EVENT_ID, version: 9, prevVersion: 8, scope: 'attendance', attendees: [{ id: 'att-bola', name: 'Bola Ade', image: '', price_category: 'VIP', checked_in: false, checked_in_at: null, checked_in_by: null }] });
    await waitFor(() => expect(gateCounts()).toEqual([['Organiser', 1]]));
    expect(network.sent(calls.adminEvent)).toHaveLength(1);
  });

  it('shows when and at which gate an attendee was checked in, in their dialog', async () => {
    const admin = adminEvent();
    const network = mockNetwork();
    network.on(calls.adminEvent, ok(admin));
    server = await startRealtimeServer(() => doorView(admin));
    const { user } = renderRoutes(routeObjects, paths.eventAttendees(EVENT_ID));

    await waitFor(() => expect(gateCounts()).toEqual([['North gate', 1]]));
    await user.click(screen.getByRole('button', { name: /Bola Ade/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Bola Ade' });
    const time = new Date(BOLA_IN).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
    expect(within(dialog).getByTestId('checked-in-at')).toHaveTextContent(`Checked in ${time} at North gate`);
  });

  it('exports the attendees as CSV with their email, ticket, check-in time and gate', async () => {
    const admin = adminEvent();
    const network = mockNetwork();
    network.on(calls.adminEvent, ok(admin));
    server = await startRealtimeServer(() => doorView(admin));
    const { user } = renderRoutes(routeObjects, paths.eventAttendees(EVENT_ID));
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
    const admin = adminEvent();
    const network = mockNetwork();
    network.on(calls.adminEvent, ok(admin));
    let conflicts: DoorConflict[] = [];
    network.on(doorCalls.listDoorConflicts, () => ok({ event_id: EVENT_ID, conflicts }));
    server = await startRealtimeServer(() => doorView(admin));
    renderRoutes(routeObjects, paths.eventAttendees(EVENT_ID));

    await waitFor(() => expect(network.sent(doorCalls.listDoorConflicts).length).toBeGreaterThan(0));
    await waitFor(() => expect(gateCounts()).toEqual([['North gate', 1]]));
    expect(screen.queryByRole('heading', { name: 'Door conflicts' })).not.toBeInTheDocument();
    const before = network.sent(doorCalls.listDoorConflicts).length;

    conflicts = [conflict()];
    // A conflict moves the event's version (an 'event' update; check-ins alone do not move it).
    server.update({ eventId: EVENT_ID, version: 8, prevVersion: 7, scope: 'event' });
    const section = await screen.findByRole('region', { name: 'Door conflicts' });
    expect(network.sent(doorCalls.listDoorConflicts).length).toBeGreaterThan(before);
    const item = within(section).getByTestId('door-conflict');
    const at = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
    expect(item).toHaveTextContent(`Bola Ade: counted at North gate, ${at(BOLA_IN)}; also scanned at South gate, ${at('2024-05-01T18:03:00.000Z')} — counted once`);
    expect(network.sent(doorCalls.listDoorConflicts)[0]?.path).toBe(`/event/api/door-conflicts/${EVENT_ID}`);
  });

  it('links to the projector view', async () => {
    const admin = adminEvent();
    const network = mockNetwork();
    network.on(calls.adminEvent, ok(admin));
    server = await startRealtimeServer(() => doorView(admin));
    renderRoutes(routeObjects, paths.eventAttendees(EVENT_ID));
    expect(await screen.findByRole('link', { name: 'Projector view' })).toHaveAttribute('href', paths.eventLive(EVENT_ID));
  });
});
