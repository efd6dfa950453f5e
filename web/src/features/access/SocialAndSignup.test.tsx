import { screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { calls } from '@tapcard/shared/contract';
import { currentAuthorization } from '../../lib/session.js';
import { STORAGE_PREFIX } from '../../lib/storage.js';
import { fail, ok } from '../../test/network.js';
import { networkForEachTest } from '../../test/each-test.js';
import { LocationProbe, renderRoutes } from '../../test/render.js';
import { SignInWithGooglePage, SignupPage } from './routes.js';
import { rememberSignIn } from './started-sign-in.js';

function OnboardingProbe() {
  const location = useLocation();
  return <pre data-testid="onboarding">{JSON.stringify({ search: location.search, state: location.state as unknown })}</pre>;
}

const pages = [
  { path: '/sign-in-with-google', Component: SignInWithGooglePage },
  { path: '/signup', Component: SignupPage },
  { path: '/login', element: <LocationProbe label="login page" /> },
  { path: '/connect', element: <LocationProbe label="connect page" /> },
  { path: '/enter-token', element: <LocationProbe label="token page" /> },
  { path: '/onboarding', element: <OnboardingProbe /> },
];

const net = networkForEachTest('signed-out');

describe('social sign-in callback', () => {
  beforeEach(() => rememberSignIn({ query: '', state: 'xyz' }));

  it("toasts the server's words and goes to login when social sign-in is not configured there", async () => {
    net.on(calls.googleLogin, fail('Social sign-in is not configured on this server', 404));
    renderRoutes(pages, '/sign-in-with-google?code=abc&state=xyz');
    expect(await screen.findByText('Social sign-in is not configured on this server')).toBeInTheDocument();
    expect(await screen.findByText(/login page/)).toBeInTheDocument();
  });

  it("toasts 'Unable to create account!' and goes to login when the sign-in is refused", async () => {
    net.on(calls.googleLogin, fail('Unable to create account!', 400));
    const { router } = renderRoutes(pages, '/sign-in-with-google?code=abc&state=xyz');
    expect(await screen.findByText('Unable to create account!')).toBeInTheDocument();
    expect(await screen.findByText(/login page/)).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
    const sent = net.sent(calls.googleLogin)[0];
    expect(sent?.query.get('code')).toBe('abc');
    expect(sent?.query.get('state')).toBe('xyz');
  });

  it('signs an existing account in and goes to connect', async () => {
    net.on(calls.googleLogin, ok({ token_type: 'Bearer', access_token: 'g1', card_url: '/card/connect?link=ada' }));
    renderRoutes(pages, '/sign-in-with-google?code=abc&state=xyz');
    expect(await screen.findByText(/connect page/)).toBeInTheDocument();
    expect(currentAuthorization()).toBe('Bearer g1');
  });

  it('sends an account without a card to the add-device step with the stored card query', async () => {
    rememberSignIn({ query: 'id=card-9&type=nfc', state: 'xyz' });
    net.on(calls.googleLogin, ok({ token_type: 'Bearer', access_token: 'g1', card_url: null }));
    renderRoutes(pages, '/sign-in-with-google?code=abc&state=xyz');
    expect(await screen.findByText('token page /enter-token?id=card-9&type=nfc')).toBeInTheDocument();
  });

  it('starts onboarding with the email, name and image prefilled for a new account', async () => {
    net.on(calls.googleLogin, {
      status: 200,
      json: {
        success: 'true',
        signup: {
          card_id: 'card-2',
          token: 'AB12CD',
          type: 'nfc',
          user: { email: 'ada@example.com', auth_type: 'Google', password: 'x', name: 'Ada', profile_image: 'https://img/ada.png' },
          verification_ticket: 'provider-ticket',
        },
      },
    });
    renderRoutes(pages, '/sign-in-with-google?code=abc&state=xyz');
    const probe = await screen.findByTestId('onboarding');
    const { search, state } = JSON.parse(probe.textContent ?? '{}') as { search: string; state: { prefill: Record<string, unknown> } };
    expect(search).toBe('?id=card-2&type=nfc');
    expect(state.prefill).toMatchObject({
      email: 'ada@example.com',
      name: 'Ada',
      profile_image: 'https://img/ada.png',
      auth_type: 'Google',
      token: 'AB12CD',
      verification_ticket: 'provider-ticket',
    });
  });
});

describe('social sign-in callback this browser did not start', () => {
  it('is sent without its code and state (the server refuses it), and the toast says so', async () => {
    rememberSignIn({ query: '', state: 'mine' });
    net.on(calls.googleLogin, fail('Unable to create account!', 400));
    renderRoutes(pages, '/sign-in-with-google?code=theirs&state=theirs');
    expect(await screen.findByText('Unable to create account!')).toBeInTheDocument();
    expect(await screen.findByText(/login page/)).toBeInTheDocument();
    expect([...(net.sent(calls.googleLogin)[0]?.query.keys() ?? [])]).toEqual([]);
    expect(currentAuthorization()).toBeNull();
    expect(localStorage.getItem(`${STORAGE_PREFIX}googleQuery`)).toBeNull();
  });

  it('without any started sign-in, still shows what the server says (not configured)', async () => {
    net.on(calls.googleLogin, fail('Social sign-in is not configured on this server', 404));
    renderRoutes(pages, '/sign-in-with-google?code=abc&state=xyz');
    expect(await screen.findByText('Social sign-in is not configured on this server')).toBeInTheDocument();
    expect([...(net.sent(calls.googleLogin)[0]?.query.keys() ?? [])]).toEqual([]);
  });
});

describe('signup', () => {
  it('starts onboarding keeping the query', async () => {
    const { router } = renderRoutes(pages, '/signup?id=card-1&type=nfc&iud=u1');
    await screen.findByTestId('onboarding');
    expect(router.state.location.search).toBe('?id=card-1&type=nfc&iud=u1');
  });
});
