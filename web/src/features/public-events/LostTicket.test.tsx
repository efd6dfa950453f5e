import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls } from '@tapcard/shared/contract';
import { messages } from '@tapcard/shared/rules';
import { paths, routes } from '../../lib/paths.js';
import { dates, event, EVENT_ID } from '../../test/event-fixtures.js';
import { answer, mockNetwork, ok } from '../../test/network.js';
import { renderRoutes } from '../../test/render.js';
import { OpenEventPage } from './OpenEventPage.js';
import { TEXTS } from './texts.js';

const routeObjects = [{ path: routes.openEvent, element: <OpenEventPage /> }];
const NEUTRAL = 'If that email has a ticket for this event, we have sent it again.';

async function openForm() {
  const network = mockNetwork();
  network.on(calls.openEvent, ok({ event: event({ ...dates.upcoming }) }));
  const rendered = renderRoutes(routeObjects, paths.openEvent('tech-meetup'));
  const toggle = await screen.findByRole('button', { name: 'Lost your ticket?' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await rendered.user.click(toggle);
  const email = await screen.findByLabelText('Email Address');
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await waitFor(() => expect(email).toHaveFocus());
  return { network, email, ...rendered };
}

describe('Lost your ticket?', () => {
  it('words the neutral answer as the upstream does', () => {
    expect(TEXTS.ticketSentAgain).toBe(messages.ticketResendNeutral);
    expect(TEXTS.ticketSentAgain).toBe(NEUTRAL);
  });

  it('opens a labelled form focused on its email, sends it, and says the neutral answer in its place', async () => {
    const { network, email, user } = await openForm();
    network.on(calls.recoverTicket, answer({ success: 'true' as const, message: NEUTRAL }));
    expect(screen.getByRole('form', { name: /Enter the email you registered with/ })).toBeInTheDocument();
    await user.type(email, ' ada@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send my ticket again' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(NEUTRAL);
    await waitFor(() => expect(status).toHaveFocus());
    expect(network.sent(calls.recoverTicket).map((r) => r.body)).toEqual([{ email: 'ada@example.com' }]);
  });

  it('checks the email with the shared rule before sending, under the field', async () => {
    const { network, email, user } = await openForm();
    await user.click(screen.getByRole('button', { name: 'Send my ticket again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email is required');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Email is required');
    await user.type(email, 'ada@');
    await user.click(screen.getByRole('button', { name: 'Send my ticket again' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription('Email is not valid'));
    expect(network.sent(calls.recoverTicket)).toHaveLength(0);
  });

  it('shows a refusal below the button', async () => {
    const { network, email, user } = await openForm();
    network.on(calls.recoverTicket, answer({ success: 'false', message: 'Too many requests. Please try again later.', data: null }, 429));
    await user.type(email, 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send my ticket again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please try again later.');
    expect(network.sent(calls.recoverTicket)[0]).toMatchObject({ path: `/event/public/api/events/${EVENT_ID}/resend-ticket`, body: { email: 'ada@example.com' } });
  });
});
