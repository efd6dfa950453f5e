import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_WIPE_MS } from '../lib/ui.js';
import { calls } from '@tapcard/shared/contract';
import { currentAuthorization, readDashboardData, writeDashboardData } from '../lib/session.js';
import { STORAGE_PREFIX, writeStored } from '../lib/storage.js';
import { ok } from '../test/network.js';
import { networkForEachTest } from '../test/each-test.js';
import { linksIn, signIn } from '../test/render.js';
import { LAZY, renderApp } from './test-utils.js';

const CARD = {
  card: { profile: null, title: 'Ada Lovelace', description: '', sub_title: 'Engineer', card_id: 'p1', link: 'ada' },
  fields: [],
  services: [],
};

const net = networkForEachTest('signed-out');
afterEach(() => {
  vi.useRealTimers();
});

describe('the guard', () => {
  it('sends a signed-out visit of a guarded page to login, replacing history', async () => {
    const { router } = renderApp('/connect');
    expect(await screen.findByRole('heading', { name: 'Log in' }, LAZY)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(net.sent(calls.getCard)).toHaveLength(0);
  });

  it('lets a signed-in person through', async () => {
    signIn();
    net.on(calls.getCard, ok(CARD));
    renderApp('/connect');
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace', level: 1 }, LAZY)).toBeInTheDocument();
  });
});

describe('the not-found page', () => {
  it.each(['/no/such/page', '/error/404'])('shows %s as the rare gem with its three buttons', async (path) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'You have found a rare gem!.' })).toBeInTheDocument();
    expect(screen.getByText('But sadly, its of no use to you, please go back.')).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(linksIn(main)).toEqual([
      ['Home', '/'],
      ['Get a Card', '/get-card'],
      ['FAQ', '/faq'],
    ]);
  });
});

describe('the API layer', () => {
  it('clears the session and the dashboard cache on HTTP 401 and goes to login', async () => {
    signIn();
    writeDashboardData({ name: 'Ada', description: '', image: null });
    net.on(calls.getCard, { status: 401, json: { success: 'false', message: 'Unauthorised', data: null } });
    const { router } = renderApp('/connect');
    expect(await screen.findByRole('heading', { name: 'Log in' }, LAZY)).toBeInTheDocument();
    expect(currentAuthorization()).toBeNull();
    expect(readDashboardData()).toBeNull();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('goes to the no-internet page when the network fails', async () => {
    signIn();
    net.goOffline();
    const { router } = renderApp('/connect');
    expect(await screen.findByText('Network Error - Unable to connect to the internet. Please check your device connection and try again.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/error/no-internet');
    expect(currentAuthorization()).not.toBeNull();
  });

  it("shows the loading screen ('Loading...') while a page's data loads", async () => {
    signIn();
    // The page itself asking, not the router's screen while the page's code loads.
    let asked!: () => void;
    const asking = new Promise<void>((resolve) => (asked = resolve));
    net.on(calls.getCard, () => {
      asked();
      return new Promise(() => {});
    });
    renderApp('/connect');
    await asking;
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
  });
});

describe('where the next login goes', () => {
  async function logIn(user: ReturnType<typeof renderApp>['user']) {
    await user.type(await screen.findByLabelText('Email', {}, LAZY), 'grace@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
  }

  it('goes to connect after a logout, not to the page the last person left', async () => {
    signIn();
    net.on(calls.logout, ok()).on(calls.login, ok({ token_type: 'Bearer', access_token: 'next' })).on(calls.getCard, ok(CARD));
    const { router, user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Logout' }, LAZY));
    expect(await screen.findByRole('heading', { name: 'Log in' }, LAZY)).toBeInTheDocument();
    await logIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/connect'));
  });

  it('goes to connect after a password change, not back to settings', async () => {
    signIn();
    net.on(calls.changePassword, ok()).on(calls.login, ok({ token_type: 'Bearer', access_token: 'next' })).on(calls.getCard, ok(CARD));
    const { router, user } = renderApp('/settings/change-password');
    await user.type(await screen.findByLabelText('Current Password', {}, LAZY), 'Old#12345');
    await user.type(screen.getByLabelText('New Password'), 'Secret#123');
    await user.type(screen.getByLabelText('Confirm Password'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('heading', { name: 'Log in' }, LAZY)).toBeInTheDocument();
    await logIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/connect'));
  });

  it('returns a signed-out visit of a guarded page there after login', async () => {
    net.on(calls.login, ok({ token_type: 'Bearer', access_token: 'next' }));
    const { router, user } = renderApp('/settings/change-password');
    expect(await screen.findByRole('heading', { name: 'Log in' }, LAZY)).toBeInTheDocument();
    await logIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/change-password'));
  });
});

describe('the 5-minute storage wipe, for visitors only', () => {
  const stored = (key: string) => localStorage.getItem(`${STORAGE_PREFIX}${key}`);

  it('never signs out a signed-in person left without input, nor clears their draft, chip tokens or cart', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn();
    writeDashboardData({ name: 'Ada', description: '', image: null });
    writeStored('eventDraft', { name: 'Launch' });
    writeStored('signupData', { email: 'ada@example.com' });
    writeStored('chipAccess', { 'chip-1': 'tid-1' });
    writeStored('cartItems', [{ id: 'card' }]);
    net.on(calls.getCard, ok(CARD));
    const { router } = renderApp('/connect');
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace', level: 1 }, LAZY)).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(3 * STORAGE_WIPE_MS));
    expect(router.state.location.pathname).toBe('/connect');
    expect(screen.getByRole('heading', { name: 'Ada Lovelace', level: 1 })).toBeInTheDocument();
    expect(currentAuthorization()).not.toBeNull();
    expect(readDashboardData()).not.toBeNull();
    for (const key of ['eventDraft', 'signupData', 'chipAccess', 'cartItems']) expect(stored(key)).not.toBeNull();
  });

  it('keeps a session in a tab reopened after the limit', async () => {
    signIn();
    writeStored('chipAccess', { 'chip-1': 'tid-1' });
    writeStored('lastActivity', Date.now() - STORAGE_WIPE_MS - 1000);
    net.on(calls.getCard, ok(CARD));
    const { router } = renderApp('/connect');
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace', level: 1 }, LAZY)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/connect');
    expect(currentAuthorization()).not.toBeNull();
    expect(stored('chipAccess')).not.toBeNull();
  });

  it("clears only a visitor's transient data after 5 minutes without input on a device with no session", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    writeStored('chipAccess', { 'chip-1': 'tid-1' });
    writeStored('googleQuery', '?id=card-1');
    writeStored('signupData', { email: 'ada@example.com' });
    writeStored('cartItems', [{ id: 'card' }]);
    const { router } = renderApp('/faq');
    await screen.findByRole('heading', { level: 1 }, LAZY);

    await act(() => vi.advanceTimersByTimeAsync(STORAGE_WIPE_MS - 30_000));
    expect(stored('chipAccess')).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(stored('chipAccess')).toBeNull();
    expect(stored('googleQuery')).toBeNull();
    expect(stored('signupData')).not.toBeNull();
    expect(stored('cartItems')).not.toBeNull();
    expect(router.state.location.pathname).toBe('/faq');
  });

  it('keeps the transient data of an active visitor', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    writeStored('chipAccess', { 'chip-1': 'tid-1' });
    renderApp('/faq');
    await screen.findByRole('heading', { level: 1 }, LAZY);
    for (let i = 0; i < 4; i++) {
      await act(() => vi.advanceTimersByTimeAsync(STORAGE_WIPE_MS / 2));
      window.dispatchEvent(new Event('pointerdown'));
    }
    expect(stored('chipAccess')).not.toBeNull();
  });
});
