import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { calls } from '@tapcard/shared/contract';
import { fail, mockNetwork, ok, type MockNetwork } from '../../test/network.js';
import { LocationProbe, renderRoutes, signIn, signOut, TEST_TOKEN } from '../../test/render.js';
import { EnterTokenPage, LoginPage } from './routes.js';

const pages = [
  { path: '/enter-token', Component: EnterTokenPage },
  { path: '/login', Component: LoginPage },
  { path: '/connect', element: <LocationProbe label="connect page" /> },
];

let net: MockNetwork;
beforeEach(() => {
  signOut();
  net = mockNetwork();
  net.on(calls.confirmCardId, ok({ info: { id: 'card-1', type: 'nfc', status: 'new' } }));
});

describe('enter token', () => {
  it('hides the form without a card id', async () => {
    renderRoutes(pages, '/enter-token');
    expect(await screen.findByText('You need to attach a valid device to this card')).toBeInTheDocument();
    expect(screen.getByText('Scratch and enter the token provided on your card')).toBeInTheDocument();
    expect(screen.queryByLabelText('Enter Card Token')).not.toBeInTheDocument();
  });

  it("shows 'token is invalid' and the 'Invalid Token' toast for a malformed token", async () => {
    signIn();
    const { user } = renderRoutes(pages, '/enter-token?id=card-1&type=nfc');
    await user.type(await screen.findByLabelText('Enter Card Token'), 'ab-12!');
    await user.click(screen.getByRole('button', { name: 'Confirm Token' }));
    expect(await screen.findByText('token is invalid')).toBeInTheDocument();
    expect(await screen.findByText('Invalid Token')).toBeInTheDocument();
    expect(net.sent(calls.confirmToken)).toHaveLength(0);
  });

  it('confirms the token, adds the device and goes to connect replacing history', async () => {
    signIn();
    net.on(calls.confirmToken, ok()).on(calls.addDevice, ok());
    const { user, router } = renderRoutes(pages, '/enter-token?id=card-1&type=nfc');
    await user.type(await screen.findByLabelText('Enter Card Token'), 'XY12Z9');
    await user.click(screen.getByRole('button', { name: 'Confirm Token' }));
    expect(await screen.findByText('Verifying token...')).toBeInTheDocument();
    expect(await screen.findByText('Successfully added device!')).toBeInTheDocument();
    expect(await screen.findByText(/connect page/)).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
    expect(net.sent(calls.confirmToken)[0]?.body).toEqual({ card_id: 'card-1', type: 'nfc', token: 'XY12Z9' });
    expect(net.sent(calls.addDevice)[0]?.headers.get('Authorization')).toBe(TEST_TOKEN);
  });

  it("falls back to 'Invalid Token' when the refusal has no message", async () => {
    signIn();
    net.on(calls.confirmToken, fail('', 400));
    const { user } = renderRoutes(pages, '/enter-token?id=card-1&type=nfc');
    await user.type(await screen.findByLabelText('Enter Card Token'), 'XY12Z9');
    await user.click(screen.getByRole('button', { name: 'Confirm Token' }));
    expect(await screen.findByText('Invalid Token')).toBeInTheDocument();
    expect(net.sent(calls.addDevice)).toHaveLength(0);
  });

  it('sends a signed-out person to login keeping the query, and the login asks for the token it was given', async () => {
    net
      .on(calls.login, ok({ token_type: 'Bearer', access_token: 'tok' }))
      .on(calls.confirmToken, ok())
      .on(calls.addDevice, ok());
    const { user, router } = renderRoutes(pages, '/enter-token?id=card-1&type=nfc');
    await user.type(await screen.findByLabelText('Enter Card Token'), 'XY12Z9');
    await user.click(screen.getByRole('button', { name: 'Confirm Token' }));
    expect(await screen.findByRole('button', { name: 'Link my device' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?id=card-1&type=nfc');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Link my device' }));
    expect(await screen.findByLabelText('Enter device token')).toHaveValue('XY12Z9');
  });

  it('shows the not-found view for an unknown card id', async () => {
    net.on(calls.confirmCardId, fail('Card not found', 404));
    renderRoutes(pages, '/enter-token?id=zzz');
    expect(await screen.findByText('You have found a rare gem!.')).toBeInTheDocument();
  });
});
