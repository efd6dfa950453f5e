import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { calls, type OrganiserMessage } from '@tapcard/shared/contract';
import { AFTER_EVENT_MAIL_DEFAULTS, afterEventSendAt, organiserMessageTexts, type ScheduleMessageValues } from '@tapcard/shared/rules';
import { paths, routes } from '../../lib/paths.js';
import { adminEvent, dates, EVENT_ID, organiserMessage } from '../../test/event-fixtures.js';
import { mockNetwork, ok } from '../../test/network.js';
import { renderRoutes, signIn, signOut } from '../../test/render.js';
import { EventMessagesPage } from './EventMessagesPage.js';

const routeObjects = [{ path: routes.eventMessages, element: <EventMessagesPage /> }];

beforeEach(() => signIn());
afterEach(() => signOut());

/** The thank-you mail as scheduled by turning it on. */
function stored(overrides: Partial<OrganiserMessage> = {}): OrganiserMessage {
  return organiserMessage({
    id: 'msg-thanks',
    subject: AFTER_EVENT_MAIL_DEFAULTS.thank_you.subject,
    body: AFTER_EVENT_MAIL_DEFAULTS.thank_you.body,
    audience: { kind: 'checked_in' },
    kind: 'thank_you',
    status: 'scheduled',
    send_at: (afterEventSendAt(dates.ongoing) ?? new Date()).toISOString(),
    sent_at: null,
    counts: { queued: 0, sent: 0, failed: 0 },
    ...overrides,
  });
}

/** The page's network over a history the writes change, as the upstream would. */
function serve(event = adminEvent(dates.ongoing), initial: OrganiserMessage[] = []) {
  const network = mockNetwork();
  let history = initial;
  network.on(calls.adminEvent, ok(event));
  network.on(calls.listMessages, () => ok(history));
  network.on(calls.messageAudienceCount, ok({ count: 2 }));
  network.on(calls.scheduleMessage, (request) => {
    const body = request.body as ScheduleMessageValues;
    const message = stored({ id: `msg-${body.kind ?? 'other'}`, subject: body.subject, body: body.body, audience: body.audience, kind: body.kind ?? null });
    history = [message, ...history];
    return ok(message, organiserMessageTexts.scheduled);
  });
  network.on(calls.updateMessage, (request) => {
    const body = request.body as ScheduleMessageValues;
    history = history.map((m) => (request.path.endsWith(m.id) ? { ...m, subject: body.subject, body: body.body } : m));
    return ok(history.find((m) => request.path.endsWith(m.id)) ?? stored(), organiserMessageTexts.updated);
  });
  network.on(calls.cancelMessage, (request) => {
    history = history.map((m) => (request.path.endsWith(m.id) ? { ...m, status: 'cancelled' as const } : m));
    return ok(history.find((m) => request.path.endsWith(m.id)) ?? stored(), organiserMessageTexts.cancelled);
  });
  return network;
}

describe('AfterEventMailsSection', () => {
  it('starts with both mails off and their default texts; turning one on schedules it for its audience, then it is edited and turned off', async () => {
    const network = serve();
    const { user } = renderRoutes(routeObjects, paths.eventMessages(EVENT_ID));

    const section = await screen.findByRole('region', { name: 'After the event' });
    const thanks = await within(section).findByTestId('after-event-thank_you');
    const sorry = within(section).getByTestId('after-event-missed_you');
    const thanksSwitch = within(thanks).getByRole('switch', { name: /Thank-you to those who came/ });
    expect(thanksSwitch).not.toBeChecked();
    expect(within(sorry).getByRole('switch', { name: /Sorry we missed you/ })).not.toBeChecked();
    expect(within(thanks).getByRole('textbox', { name: 'Thank-you subject' })).toHaveValue('Thank you for coming');
    expect(within(sorry).getByRole('textbox', { name: '‘Sorry we missed you’ subject' })).toHaveValue('Sorry we missed you');
    expect(within(thanks).getByText(/^Off\. Turned on, it goes/)).toBeInTheDocument();

    const subject = within(thanks).getByRole('textbox', { name: 'Thank-you subject' });
    await user.clear(subject);
    await user.type(subject, 'Thanks for a great night');
    await user.click(thanksSwitch);
    await waitFor(() => expect(network.sent(calls.scheduleMessage)).toHaveLength(1));
    expect(network.sent(calls.scheduleMessage)[0]?.body).toMatchObject({
      kind: 'thank_you',
      audience: { kind: 'checked_in' },
      subject: 'Thanks for a great night',
      body: AFTER_EVENT_MAIL_DEFAULTS.thank_you.body,
    });

    // On: it shows in the section and in the history.
    const on = await within(section).findByTestId('after-event-thank_you');
    await waitFor(() => expect(within(on).getByRole('switch', { name: /Thank-you/ })).toBeChecked());
    expect(within(on).getByText(/^On: it goes/)).toBeInTheDocument();
    const item = (await screen.findAllByTestId('message-item'))[0]!;
    expect(within(item).getByText(/After-event mail/)).toBeInTheDocument();

    const text = within(on).getByRole('textbox', { name: 'Thank-you text' });
    await user.type(text, ' See you soon.');
    await user.click(within(on).getByRole('button', { name: /Save changes: Thank-you/ }));
    await waitFor(() => expect(network.sent(calls.updateMessage)).toHaveLength(1));
    expect(network.sent(calls.updateMessage)[0]?.body).toMatchObject({ audience: { kind: 'checked_in' }, body: `${AFTER_EVENT_MAIL_DEFAULTS.thank_you.body} See you soon.` });
    expect(network.sent(calls.updateMessage)[0]?.body).not.toHaveProperty('kind');

    await user.click(within(await within(section).findByTestId('after-event-thank_you')).getByRole('switch', { name: /Thank-you/ }));
    await waitFor(() => expect(network.sent(calls.cancelMessage)).toHaveLength(1));
    expect(network.sent(calls.cancelMessage)[0]?.path).toBe(`/event/api/events/${EVENT_ID}/messages/msg-thank_you`);
    await waitFor(() => expect(within(within(section).getByTestId('after-event-thank_you')).getByRole('switch', { name: /Thank-you/ })).not.toBeChecked());
  });

  it('says why a mail cannot be turned on once the event ended more than two hours ago, and shows one already sent', async () => {
    const sent = stored({ id: 'msg-sorry', kind: 'missed_you', subject: 'We missed you', audience: { kind: 'no_show' }, status: 'sent', sent_at: '2024-05-01T20:00:00.000Z' });
    const network = serve(adminEvent(dates.ended), [sent]);
    renderRoutes(routeObjects, paths.eventMessages(EVENT_ID));

    const thanks = await screen.findByTestId('after-event-thank_you');
    expect(within(thanks).getByText(organiserMessageTexts.afterEventTooLate)).toBeInTheDocument();
    expect(within(thanks).getByRole('switch', { name: /Thank-you/ })).toBeDisabled();
    expect(within(thanks).queryByRole('textbox')).toBeNull();

    const sorry = screen.getByTestId('after-event-missed_you');
    expect(within(sorry).getByRole('switch', { name: /Sorry we missed you/ })).toBeChecked();
    expect(within(sorry).getByRole('switch', { name: /Sorry we missed you/ })).toBeDisabled();
    expect(within(sorry).getByText(/^Sent /)).toBeInTheDocument();
    expect(network.sent(calls.scheduleMessage)).toHaveLength(0);
  });

  it('edits an after-event mail from the history with its own audience and time only', async () => {
    const network = serve(adminEvent(dates.ongoing), [stored()]);
    const { user } = renderRoutes(routeObjects, paths.eventMessages(EVENT_ID));
    await user.click(await screen.findByRole('button', { name: 'Edit: Thank you for coming' }));
    expect(await screen.findByRole('heading', { name: 'Edit scheduled message' })).toBeInTheDocument();
    const audience = screen.getByRole('group', { name: 'Who receives it' });
    expect(within(audience).getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['checked_in']);
    expect(screen.queryByLabelText(/^Send at/)).toBeNull();
    expect(screen.getByText(/^An after-event mail: it goes/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(network.sent(calls.updateMessage)).toHaveLength(1));
    expect(network.sent(calls.updateMessage)[0]?.body).toMatchObject({ audience: { kind: 'checked_in' }, subject: 'Thank you for coming' });
  });
});
