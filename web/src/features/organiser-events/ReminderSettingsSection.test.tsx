import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { calls, type ReminderSettings } from '@tapcard/shared/contract';
import { fail, mockNetwork, ok } from '../../test/network.js';
import { renderRoutes, signIn, signOut } from '../../test/render.js';
import { ReminderSettingsSection } from './ReminderSettingsSection.js';

const EVENT_ID = 'e1';
const routeObjects = [{ path: '/event/:id', element: <ReminderSettingsSection eventId={EVENT_ID} /> }];

function reminderNetwork(settings: ReminderSettings = { day_before: true, hour_before: true }) {
  return mockNetwork()
    .on(calls.reminderSettings, ok({ event_id: EVENT_ID, settings }))
    .on(calls.setReminderSettings, (request) => ok({ event_id: EVENT_ID, settings: request.body as ReminderSettings }));
}

beforeEach(() => signIn());
afterEach(() => {
  signOut();
});

describe('reminder settings', () => {
  it('shows both reminders on by default, under a heading that says what they send', async () => {
    reminderNetwork();
    renderRoutes(routeObjects, `/event/${EVENT_ID}`);
    expect(await screen.findByRole('switch', { name: '24 hours before' })).toBeChecked();
    expect(screen.getByRole('switch', { name: '1 hour before' })).toBeChecked();
    expect(screen.getByRole('heading', { name: 'Reminders' })).toBeInTheDocument();
    expect(screen.getByText('Attendees get an email with their ticket, its QR code, the venue and the time before the event starts.')).toBeInTheDocument();
  });

  it('turns the 24-hour reminder off and keeps the 1-hour one', async () => {
    const network = reminderNetwork();
    const { user } = renderRoutes(routeObjects, `/event/${EVENT_ID}`);
    await user.click(await screen.findByRole('switch', { name: '24 hours before' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: '24 hours before' })).not.toBeChecked());
    expect(screen.getByRole('switch', { name: '1 hour before' })).toBeChecked();
    const sent = network.sent(calls.setReminderSettings);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.path).toBe(`/event/api/events/${EVENT_ID}/reminders`);
    expect(sent[0]?.body).toEqual({ day_before: false, hour_before: true });
  });

  it('works from the keyboard', async () => {
    const network = reminderNetwork({ day_before: true, hour_before: false });
    const { user } = renderRoutes(routeObjects, `/event/${EVENT_ID}`);
    const hour = await screen.findByRole('switch', { name: '1 hour before' });
    expect(hour).not.toBeChecked();
    hour.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(screen.getByRole('switch', { name: '1 hour before' })).toBeChecked());
    expect(network.sent(calls.setReminderSettings)[0]?.body).toEqual({ day_before: true, hour_before: true });
  });

  it('offers to try again when the settings fail to load', async () => {
    const network = mockNetwork().on(calls.reminderSettings, fail('Server error', 500));
    const { user } = renderRoutes(routeObjects, `/event/${EVENT_ID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('The reminder settings could not be loaded.');
    network.on(calls.reminderSettings, ok({ event_id: EVENT_ID, settings: { day_before: true, hour_before: true } }));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('switch', { name: '24 hours before' })).toBeChecked();
  });
});
