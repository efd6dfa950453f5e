import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calls } from '@tapcard/shared/contract';
import { organiserViewOf } from '../../lib/live/polls.js';
import { paths, routes } from '../../lib/paths.js';
import { adminEvent, ATTENDEE_ID, EVENT_ID } from '../../test/event-fixtures.js';
import { mockNetwork, ok } from '../../test/network.js';
import { startRealtimeServer, type RealtimeTestServer } from '../../test/realtime-server.js';
import { renderRoutes, signIn, signOut, TEST_TOKEN } from '../../test/render.js';
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
});
