import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { calls, doorCalls, type ChipRecord } from '@tapcard/shared/contract';
import { chipViewOf } from '../../lib/live/polls.js';
import { paths, routes } from '../../lib/paths.js';
import { ada, ATTENDEE_ID, chipRecord, EVENT_ID, eventSummary, TID } from '../../test/event-fixtures.js';
import { mockNetwork, ok, fail } from '../../test/network.js';
import { startRealtimeServer } from '../../test/realtime-server.js';
import { LocationProbe, renderRoutes, signIn, signOut, TEST_TOKEN } from '../../test/render.js';
import { readDoorSession, saveDoorSession } from '../../lib/door-session.js';
import { ChipPage } from './ChipPage.js';

const CHIP = 'chip-1';
const routeObjects = [
  { path: routes.chip, element: <ChipPage /> },
  { path: routes.chipChat, element: <LocationProbe label="chip chat" /> },
];

afterEach(() => {
  signOut();
  localStorage.clear();
});

/** The chip's REST record and its socket snapshot, from one fixture. */
async function chipBackend(record: ChipRecord) {
  const network = mockNetwork();
  network.on(calls.chip, ok(record));
  await startRealtimeServer(() => chipViewOf(record));
  return network;
}

const EXPECTED = 'Enter the access link from your registration email (it contains /event/u/token/) or the access token at its end';

describe('chip page', () => {
  it('shows a loader while the chip loads', async () => {
    const network = mockNetwork();
    network.on(calls.chip, () => new Promise(() => undefined));
    await startRealtimeServer(() => null);
    renderRoutes(routeObjects, paths.chip(CHIP));
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
  });

  it("shows the onboarding page when the event's start date fails the date check", async () => {
    await chipBackend(chipRecord({ event: eventSummary({ start_date: 'not a date' }) }));
    renderRoutes(routeObjects, paths.chip(CHIP));
    expect(await screen.findByRole('heading', { name: "Let's get you started" })).toBeInTheDocument();
  });

  it('checks the attendee in for the signed-in organiser, then shows Checked In', async () => {
    signIn();
    const network = await chipBackend(chipRecord({ is_organiser: true }));
    network.on(calls.checkIn, ok({ status: true, event_id: EVENT_ID }));
    renderRoutes(routeObjects, paths.chip(CHIP));

    expect(await screen.findByText('Checked In')).toBeInTheDocument();
    const [checkIn] = network.sent(calls.checkIn);
    expect(checkIn?.path).toBe(`/event/api/check-in/${ATTENDEE_ID}`);
    expect(checkIn?.body).toEqual({ event_id: EVENT_ID, url_id: CHIP, checked_in: true });
    expect(checkIn?.headers.get('Authorization')).toBe(TEST_TOKEN);
    expect(network.sent(calls.chip)[0]?.headers.get('Authorization')).toBe(TEST_TOKEN);
    expect(network.sent(calls.checkIn)).toHaveLength(1);
  });

  it('says Not checked in to the organiser when the chip has no attendee', async () => {
    signIn();
    const network = await chipBackend(chipRecord({ is_organiser: true, event_attendee_id: null, attendee: null, price: null }));
    renderRoutes(routeObjects, paths.chip(CHIP));
    expect(await screen.findByText('Not checked in')).toBeInTheDocument();
    expect(network.sent(calls.checkIn)).toHaveLength(0);
  });

  it('gives a signed-in viewer who is not the organiser the attendee view, and checks nobody in', async () => {
    signIn();
    const network = await chipBackend(chipRecord({ is_organiser: false }));
    renderRoutes(routeObjects, paths.chip(CHIP));
    expect(await screen.findByRole('link', { name: 'Chat' })).toBeInTheDocument();
    expect(screen.getByText(ada.name)).toBeInTheDocument();
    expect(screen.queryByText('Checked In')).not.toBeInTheDocument();
    expect(screen.queryByText('Checking in…')).not.toBeInTheDocument();
    expect(network.sent(calls.checkIn)).toHaveLength(0);
    expect(network.sent(doorCalls.doorCheckIn)).toHaveLength(0);
  });

  it('checks the attendee in with the door session this phone holds for the event, at its gate', async () => {
    saveDoorSession({ session: 'door-session-token', eventId: EVENT_ID, eventTitle: 'Tech Meetup', gate: 'North gate', expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    const network = await chipBackend(chipRecord());
    network.on(doorCalls.doorCheckIn, ok({ event_id: EVENT_ID, outcome: 'admitted', attendee: { id: ATTENDEE_ID, name: ada.name, image: '' }, checked_in_at: new Date().toISOString(), checked_in_by: 'North gate' }));
    renderRoutes(routeObjects, paths.chip(CHIP));

    expect(await screen.findByText('Checked In')).toBeInTheDocument();
    const [sent] = network.sent(doorCalls.doorCheckIn);
    expect(sent?.body).toMatchObject({ session: 'door-session-token', attendee_id: ATTENDEE_ID });
    expect(network.sent(calls.checkIn)).toHaveLength(0);
  });

  it('shows the refusal of a revoked door session and forgets it', async () => {
    saveDoorSession({ session: 'door-session-token', eventId: EVENT_ID, eventTitle: 'Tech Meetup', gate: 'North gate', expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    const network = await chipBackend(chipRecord());
    network.on(doorCalls.doorCheckIn, fail('This staff link has been revoked. Ask the organiser for a new one.', 403));
    renderRoutes(routeObjects, paths.chip(CHIP));

    expect(await screen.findByText('This staff link has been revoked. Ask the organiser for a new one.')).toBeInTheDocument();
    expect(screen.getByText('Not checked in')).toBeInTheDocument();
    expect(readDoorSession(EVENT_ID)).toBeNull();
  });

  it('shows the event, the attendee and the Chat button to anyone else', async () => {
    await chipBackend(chipRecord());
    renderRoutes(routeObjects, paths.chip(CHIP));
    expect(await screen.findByRole('heading', { name: 'Tech Meetup' })).toBeInTheDocument();
    expect(screen.getByText(ada.name)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Chat' })).toHaveAttribute('href', paths.chipChat(CHIP));
  });

  it('asks for the access token of an unbound chip, shows the error under the field, and binds it', async () => {
    const unbound = chipRecord({ event_attendee_id: null, attendee: null, price: null });
    const network = await chipBackend(unbound);
    network.on(calls.bindChip, (request) =>
      (request.body as { token: string }).token === 'right-token-0123456789' ? ok({ event_id: EVENT_ID }) : fail('Invalid access token', 404),
    );
    const { user } = renderRoutes(routeObjects, paths.chip(CHIP));

    const field = await screen.findByLabelText('Access Token');
    await user.type(field, 'short');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(EXPECTED)).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription(EXPECTED);
    expect(network.sent(calls.bindChip)).toHaveLength(0);

    await user.clear(field);
    await user.type(field, 'wrong-token-0123456789');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Invalid access token')).toBeInTheDocument();

    // Bound: the chip now has its attendee.
    network.on(calls.chip, ok(chipRecord()));
    await user.clear(field);
    await user.type(field, 'right-token-0123456789');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('link', { name: 'Chat' })).toBeInTheDocument();
    expect(network.sent(calls.bindChip).at(-1)?.path).toBe(`/event/public/api/chip/${CHIP}`);
    await waitFor(() => expect(screen.getByText(ada.name)).toBeInTheDocument());
  });

  it('binds with the access link as mailed, sending the token in it', async () => {
    const network = await chipBackend(chipRecord({ event_attendee_id: null, attendee: null, price: null }));
    network.on(calls.bindChip, (request) => ((request.body as { token: string }).token === TID ? ok({ event_id: EVENT_ID }) : fail('Invalid access token', 404)));
    const { user } = renderRoutes(routeObjects, paths.chip(CHIP));

    const field = await screen.findByLabelText('Access Token');
    await user.type(field, `https://tapcard.example/event/u/token/${TID}`);
    network.on(calls.chip, ok(chipRecord()));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('link', { name: 'Chat' })).toBeInTheDocument();
    expect(network.sent(calls.bindChip).map((sent) => sent.body)).toEqual([{ token: TID }]);
  });

  it('says under the field that the access link or the token is expected', async () => {
    const network = await chipBackend(chipRecord({ event_attendee_id: null, attendee: null, price: null }));
    const { user } = renderRoutes(routeObjects, paths.chip(CHIP));
    const field = await screen.findByLabelText('Access Token');
    await user.type(field, `https://tapcard.example/events/d/chip/i/${CHIP}`);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(EXPECTED));
    expect(network.sent(calls.bindChip)).toHaveLength(0);
  });
});
