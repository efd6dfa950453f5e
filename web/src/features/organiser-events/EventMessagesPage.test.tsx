import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { calls, type OrganiserMessage } from '@tapcard/shared/contract';
import { organiserMessageTexts, type MessageAudience } from '@tapcard/shared/rules';
import { paths, routes } from '../../lib/paths.js';
import { adminEvent, ATTENDEE_ID, EVENT_ID, organiserMessage } from '../../test/event-fixtures.js';
import { answer, fail, mockNetwork, ok } from '../../test/network.js';
import { renderRoutes, signIn, signOut } from '../../test/render.js';
import { EventMessagesPage } from './EventMessagesPage.js';

const routeObjects = [{ path: routes.eventMessages, element: <EventMessagesPage /> }];

beforeEach(() => signIn());
afterEach(() => signOut());

/** The page's network: the event, an audience count per kind, and the history. */
function serve(history: OrganiserMessage[] = []) {
  const network = mockNetwork();
  network.on(calls.adminEvent, ok(adminEvent()));
  network.on(calls.listMessages, () => ok(history));
  const counts: Record<string, number> = { everyone: 2, not_checked_in: 1, checked_in: 1, attendee: 1, ticket: 1 };
  network.on(calls.messageAudienceCount, (request) => ok({ count: counts[(request.body as { audience: MessageAudience }).audience.kind] ?? 0 }));
  return network;
}

describe('EventMessagesPage', () => {
  it('counts the chosen audience before sending, checks the fields, and sends to not yet checked in', async () => {
    const network = serve();
    network.on(calls.sendMessage, (request) => ok(organiserMessage({ ...(request.body as Partial<OrganiserMessage>), audience: { kind: 'not_checked_in' }, counts: { queued: 1, sent: 0, failed: 0 } }), organiserMessageTexts.sent(1)));
    const { user } = renderRoutes(routeObjects, paths.eventMessages(EVENT_ID));

    expect(await screen.findByRole('heading', { name: 'Messages' })).toBeInTheDocument();
    expect(await screen.findByText('No messages yet')).toBeInTheDocument();
    const audience = screen.getByRole('group', { name: 'Who receives it' });
    await waitFor(() => expect(screen.getByTestId('recipient-count')).toHaveTextContent('This message will go to 2 people.'));

    await user.click(within(audience).getByRole('radio', { name: 'Not yet checked in' }));
    await waitFor(() => expect(screen.getByTestId('recipient-count')).toHaveTextContent('This message will go to 1 person.'));
    // No-shows are offered only once the event has ended (it is on now), and one attendee only from the attendees page.
    expect(within(audience).queryByRole('radio', { name: /No-shows/ })).toBeNull();
    expect(within(audience).queryByRole('radio', { name: /Only/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Send now' }));
    expect(await screen.findByText(organiserMessageTexts.subjectRequired)).toBeInTheDocument();
    expect(screen.getByText(organiserMessageTexts.bodyRequired)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveAttribute('aria-invalid', 'true');
    expect(network.sent(calls.sendMessage)).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Where are you?');
    await user.type(screen.getByRole('textbox', { name: /^Message/ }), 'Doors close at nine.');
    await user.dblClick(screen.getByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(network.sent(calls.sendMessage)).toHaveLength(1));
    expect(network.sent(calls.sendMessage)[0]?.body).toEqual({ subject: 'Where are you?', body: 'Doors close at nine.', audience: { kind: 'not_checked_in' } });
    expect(await screen.findByText(organiserMessageTexts.sent(1))).toBeInTheDocument();
    expect(network.sent(calls.sendMessage)).toHaveLength(1);
  });

  it('puts a refusal of the server under its field', async () => {
    const network = serve();
    network.on(calls.sendMessage, answer({ success: 'false', message: organiserMessageTexts.noRecipients, data: null, errors: [{ field: 'audience', message: organiserMessageTexts.noRecipients }] }, 400));
    const { user } = renderRoutes(routeObjects, paths.eventMessages(EVENT_ID));
    await user.type(await screen.findByRole('textbox', { name: 'Subject' }), 'Hello');
    await user.type(screen.getByRole('textbox', { name: /^Message/ }), 'Hi all');
    await user.click(screen.getByRole('button', { name: 'Send now' }));
    expect(await within(screen.getByRole('group', { name: 'Who receives it' })).findByText(organiserMessageTexts.noRecipients)).toBeInTheDocument();
  });

  it('starts addressed to one attendee from the attendees page', async () => {
    serve();
    renderRoutes(routeObjects, paths.eventMessages(EVENT_ID, ATTENDEE_ID));
    expect(await screen.findByRole('radio', { name: 'Only Ada Obi' })).toBeChecked();
    await waitFor(() => expect(screen.getByTestId('recipient-count')).toHaveTextContent('This message will go to 1 person.'));
  });

  it('schedules for later with a date and time, and shows the history with its counts; a scheduled one is edited or cancelled', async () => {
    const scheduled = organiserMessage({ id: 'msg-2', subject: 'Tomorrow', status: 'scheduled', sent_at: null, send_at: '2099-05-01T17:00:00.000Z', counts: { queued: 0, sent: 0, failed: 0 } });
    const network = serve([scheduled, organiserMessage()]);
    network.on(calls.scheduleMessage, (request) => ok(organiserMessage({ ...(request.body as Partial<OrganiserMessage>), status: 'scheduled' }), organiserMessageTexts.scheduled));
    network.on(calls.cancelMessage, ok({ ...scheduled, status: 'cancelled' }, organiserMessageTexts.cancelled));
    const { user } = renderRoutes(routeObjects, paths.eventMessages(EVENT_ID));

    const items = await screen.findAllByTestId('message-item');
    expect(items).toHaveLength(2);
    expect(within(items[1]!).getByTestId('message-counts')).toHaveTextContent('2 sent · 1 queued · 0 failed');
    expect(within(items[0]!).getByText('Scheduled')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Reminder');
    await user.type(screen.getByRole('textbox', { name: /^Message/ }), 'Bring your ticket.');
    await user.click(screen.getByRole('radio', { name: 'Schedule for later' }));
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText(organiserMessageTexts.sendAtRequired)).toBeInTheDocument();
    const sendAt = screen.getByLabelText(/^Send at/);
    await user.type(sendAt, '2099-05-01T18:30');
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(network.sent(calls.scheduleMessage)).toHaveLength(1));
    const body = network.sent(calls.scheduleMessage)[0]?.body as { send_at: string };
    expect(new Date(body.send_at).getTime()).toBe(new Date('2099-05-01T18:30').getTime());

    await user.click(screen.getByRole('button', { name: 'Edit: Tomorrow' }));
    expect(await screen.findByRole('heading', { name: 'Edit scheduled message' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue('Tomorrow');
    await user.click(screen.getByRole('button', { name: 'Stop editing' }));

    await user.click(screen.getByRole('button', { name: 'Cancel message: Tomorrow' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this scheduled message?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel message' }));
    await waitFor(() => expect(network.sent(calls.cancelMessage)).toHaveLength(1));
    expect(network.sent(calls.cancelMessage)[0]?.path).toBe(`/event/api/events/${EVENT_ID}/messages/msg-2`);
  });

  it('offers no-shows for a message scheduled for after the end, counted when it goes', async () => {
    const network = serve();
    const { user } = renderRoutes(routeObjects, paths.eventMessages(EVENT_ID));
    await user.click(await screen.findByRole('radio', { name: 'Schedule for later' }));
    await user.click(screen.getByRole('radio', { name: 'No-shows (after the event)' }));
    expect(screen.getByTestId('recipient-count')).toHaveTextContent('It will go to everyone who has not checked in when the event ends.');
    const asked = network.sent(calls.messageAudienceCount).map((r) => (r.body as { audience: MessageAudience }).audience.kind);
    expect(asked).not.toContain('no_show');
  });

  it('says when the history could not be loaded, with a way to try again', async () => {
    const network = serve();
    network.on(calls.listMessages, fail('Server error', 500));
    renderRoutes(routeObjects, paths.eventMessages(EVENT_ID));
    expect(await screen.findByText('The messages could not be loaded.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
