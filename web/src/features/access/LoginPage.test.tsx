import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { calls } from '@tapcard/shared/contract';
import { currentAuthorization } from '../../lib/session.js';
import { STORAGE_PREFIX } from '../../lib/storage.js';
import { fail, ok } from '../../test/network.js';
import { networkForEachTest } from '../../test/each-test.js';
import { typeInto } from '../../test/forms.js';
import { LocationProbe, renderRoutes, signIn } from '../../test/render.js';
import { LoginPage } from './routes.js';

const pages = [
  { path: '/login', Component: LoginPage },
  { path: '/connect', element: <LocationProbe label="connect page" /> },
  { path: '/enter-token', element: <LocationProbe label="token page" /> },
  { path: '/event', element: <LocationProbe label="events page" /> },
];

const net = networkForEachTest('signed-out');

/** Fills the form as Ada with `password` and presses `button`. */
async function logIn(user: UserEvent, password = 'Secret#123', button = 'Log in') {
  await typeInto(user, { Email: 'ada@example.com', Password: password });
  await user.click(screen.getByRole('button', { name: button }));
}

describe('login', () => {
  it('keeps the button disabled until both fields are filled, then shows the required messages under the fields', async () => {
    const { user } = renderRoutes(pages, '/login');
    const button = await screen.findByRole('button', { name: 'Log in' });
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Password'), 'short');
    expect(button).toBeEnabled();
    await user.click(button);
    expect(await screen.findByText('Email is not valid')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(net.sent(calls.login)).toHaveLength(0);
  });

  it('sends email and password, stores the session and goes to connect', async () => {
    net.on(calls.login, ok({ token_type: 'Bearer', access_token: 'abc123' }));
    const { user, router } = renderRoutes(pages, '/login');
    await logIn(user);
    expect(await screen.findByText(/connect page \/connect/)).toBeInTheDocument();
    expect(net.sent(calls.login)[0]?.body).toEqual({ email: 'ada@example.com', password: 'Secret#123' });
    expect(currentAuthorization()).toBe('Bearer abc123');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it("toasts 'Unable to Login' when the server refuses", async () => {
    net.on(calls.login, fail('Unable to Login', 401));
    const { user } = renderRoutes(pages, '/login');
    await logIn(user, 'wrong-password');
    expect(await screen.findByText('Unable to Login')).toBeInTheDocument();
    expect(currentAuthorization()).toBeNull();
  });

  it("shows the server's reason for a refusal it explains (a 429's) in place of the toast before", async () => {
    net.on(calls.login, fail('Unable to Login', 401));
    const { user } = renderRoutes(pages, '/login');
    await logIn(user, 'wrong-password');
    await screen.findByText('Unable to Login');
    net.on(calls.login, fail('Too many attempts. Please try again later.', 429));
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Too many attempts. Please try again later.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Unable to Login')).not.toBeInTheDocument());
  });

  it('offers the Forgot Password and Take Me Home links and a show/hide password toggle', async () => {
    const { user } = renderRoutes(pages, '/login');
    expect(await screen.findByRole('link', { name: 'Forgot Password' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Take Me Home' })).toHaveAttribute('href', '/');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: /^show/i }));
    expect(password).toHaveAttribute('type', 'text');
  });

  it('sends a signed-in person to connect', async () => {
    signIn();
    renderRoutes(pages, '/login');
    expect(await screen.findByText(/connect page/)).toBeInTheDocument();
  });

  it('returns to the guarded page the person was sent from', async () => {
    net.on(calls.login, ok({ token_type: 'Bearer', access_token: 'abc123' }));
    const { user, router } = renderRoutes(pages, '/login');
    await router.navigate('/login', { state: { from: '/event' } });
    await logIn(user);
    expect(await screen.findByText(/events page \/event/)).toBeInTheDocument();
  });
});

describe('login with a card id (Link my device)', () => {
  it('shows the not-found view for an unknown card id', async () => {
    net.on(calls.confirmCardId, fail('Card not found', 404));
    renderRoutes(pages, '/login?id=nope&type=nfc');
    expect(await screen.findByRole('heading', { name: 'You have found a rare gem!.' })).toBeInTheDocument();
    expect(net.sent(calls.confirmCardId)[0]?.body).toEqual({ card_id: 'nope' });
  });

  it('logs in, asks for the device token, confirms it and adds the device with the new session', async () => {
    net
      .on(calls.confirmCardId, ok({ info: { id: 'card-1', type: 'nfc', status: 'new' } }))
      .on(calls.login, ok({ token_type: 'Bearer', access_token: 'tok' }))
      .on(calls.confirmToken, ok())
      .on(calls.addDevice, ok());
    const { user, router } = renderRoutes(pages, '/login?id=card-1&type=nfc');
    await logIn(user, 'Secret#123', 'Link my device');

    const token = await screen.findByLabelText('Enter device token');
    await user.type(token, 'AB12');
    await user.click(screen.getByRole('button', { name: 'Link my device' }));
    expect(await screen.findByText('token is invalid')).toBeInTheDocument();
    expect(await screen.findByText('Invalid Token')).toBeInTheDocument();
    expect(net.sent(calls.confirmToken)).toHaveLength(0);

    await user.type(token, 'CD');
    await user.click(screen.getByRole('button', { name: 'Link my device' }));
    expect(await screen.findByText('Successfully added device!')).toBeInTheDocument();
    expect(await screen.findByText(/connect page/)).toBeInTheDocument();
    expect(net.sent(calls.confirmToken)[0]?.body).toEqual({ card_id: 'card-1', type: 'nfc', token: 'AB12CD' });
    const add = net.sent(calls.addDevice)[0];
    expect(add?.body).toEqual({ card_id: 'card-1', type: 'nfc', token: 'AB12CD' });
    expect(add?.headers.get('Authorization')).toBe('Bearer tok');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it("toasts the server's message when the token is refused and 'Unable to add device!' when linking fails", async () => {
    net
      .on(calls.confirmCardId, ok({ info: { id: 'card-1', type: 'nfc', status: 'new' } }))
      .on(calls.login, ok({ token_type: 'Bearer', access_token: 'tok' }))
      .on(calls.confirmToken, fail('This card has already been activated', 409));
    const { user } = renderRoutes(pages, '/login?id=card-1&type=nfc');
    await logIn(user, 'Secret#123', 'Link my device');
    await user.type(await screen.findByLabelText('Enter device token'), 'AB12CD');
    await user.click(screen.getByRole('button', { name: 'Link my device' }));
    expect(await screen.findByText('This card has already been activated')).toBeInTheDocument();

    net.on(calls.confirmToken, ok()).on(calls.addDevice, fail('You have not created your card yet', 404));
    await user.click(screen.getByRole('button', { name: 'Link my device' }));
    expect(await screen.findByText('Unable to add device!')).toBeInTheDocument();
    await waitFor(() => expect(net.sent(calls.addDevice)).toHaveLength(1));
  });
});

describe('social sign-in button', () => {
  it('is not shown when the server has no provider configured', async () => {
    net.on(calls.socialProvider, ok({ name: null }));
    renderRoutes(pages, '/login');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    await waitFor(() => expect(net.sent(calls.socialProvider)).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /^Sign in with/ })).not.toBeInTheDocument();
  });

  it("reads 'Sign in with {provider}' when configured, and starts the sign-in keeping the card query", async () => {
    net
      .on(calls.socialProvider, ok({ name: 'Google' }))
      .on(calls.confirmCardId, ok({ info: { id: 'card-1', type: 'nfc', status: 'new' } }))
      .on(calls.signInWithLogin, ok({ url: 'http://127.0.0.1:1/authorize?state=s' }));
    const { user } = renderRoutes(pages, '/login?id=card-1&type=nfc');
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    await waitFor(() => expect(net.sent(calls.signInWithLogin)).toHaveLength(1));
    const sent = net.sent(calls.signInWithLogin)[0];
    expect(sent?.query.get('id')).toBe('card-1');
    expect(sent?.query.get('type')).toBe('nfc');
    expect(JSON.parse(localStorage.getItem(`${STORAGE_PREFIX}googleQuery`) ?? 'null')).toEqual({ query: 'id=card-1&type=nfc', state: 's' });
  });

  it("toasts the server's words when the sign-in cannot start", async () => {
    net
      .on(calls.socialProvider, ok({ name: 'Acme ID' }))
      .on(calls.signInWithLogin, fail('Sign-in with Acme ID is not available right now. Please try again later.', 503));
    const { user } = renderRoutes(pages, '/login');
    await user.click(await screen.findByRole('button', { name: 'Sign in with Acme ID' }));
    expect(await screen.findByText('Sign-in with Acme ID is not available right now. Please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with Acme ID' })).toBeEnabled();
  });
});
