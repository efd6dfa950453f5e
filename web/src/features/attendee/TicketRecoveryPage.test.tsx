import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls } from '@tapcard/shared/contract';
import { messages } from '@tapcard/shared/rules';
import { paths, routes } from '../../lib/paths.js';
import { TID } from '../../test/event-fixtures.js';
import { fail, mockNetwork, type ReplyOf } from '../../test/network.js';
import { LocationProbe, renderRoutes } from '../../test/render.js';
import { TicketRecoveryPage } from './TicketRecoveryPage.js';

const TOKEN = 'recover-Token_0123456789abcdefghij';
const EVENT = 'lagos-tech-mixer';
const routeObjects = [
  { path: routes.ticketRecovery, element: <TicketRecoveryPage /> },
  { path: routes.eventToken, element: <LocationProbe label="token page" /> },
];
const SUCCESS: ReplyOf<typeof calls.redeemTicketRecovery> = { status: 200, json: { success: 'true', message: messages.ticketResent, link: paths.eventToken(TID) } };

describe('ticket recovery page', () => {
  it('shows that it is working while the link is opened, then goes to the new ticket page', async () => {
    const network = mockNetwork();
    let answer: (reply: typeof SUCCESS) => void = () => undefined;
    network.on(calls.redeemTicketRecovery, () => new Promise((resolve) => (answer = resolve)));
    renderRoutes(routeObjects, paths.ticketRecovery(EVENT, TOKEN));
    expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    answer(SUCCESS);
    expect(await screen.findByTestId('location')).toHaveTextContent(`token page ${paths.eventToken(TID)}`);
    expect(network.sent(calls.redeemTicketRecovery).map((r) => r.body)).toEqual([{ token: TOKEN }]);
  });

  it('says when the link has expired or was used, with the way back to the event', async () => {
    const network = mockNetwork();
    network.on(calls.redeemTicketRecovery, fail(messages.ticketRecoveryInvalid, 410));
    renderRoutes(routeObjects, paths.ticketRecovery(EVENT, TOKEN));
    expect(await screen.findByRole('heading', { level: 1, name: 'We could not get you a new ticket link' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This link has expired or was already used. Ask for your ticket again.');
    expect(screen.getByRole('link', { name: 'Back to the event' })).toHaveAttribute('href', paths.openEvent(EVENT));
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });
});
