import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls } from '@tapcard/shared/contract';
import { OFFLINE_TEXT } from '../components/OfflineBanner.js';
import { NETWORK_ERROR } from '../lib/api.js';
import { reportNetwork } from '../lib/online.js';
import { loadToastify } from '../lib/toast.js';
import { ok } from '../test/network.js';
import { networkForEachTest } from '../test/each-test.js';
import { signIn } from '../test/render.js';
import { line, startWithCart } from '../features/shop/test-utils.js';
import { LAZY, renderApp } from './test-utils.js';

const banner = () => screen.getAllByRole('status').find((region) => region.getAttribute('aria-live') === 'polite' && region.tagName === 'P');

/** The browser says it went offline (or online). */
function browser(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
}

const CARD = {
  card: { profile: null, title: 'Ada Lovelace', description: '', sub_title: 'Engineer', card_id: 'p1', link: 'ada' },
  fields: [],
  services: [],
};

const net = networkForEachTest('signed-out');
afterEach(async () => {
  vi.restoreAllMocks();
  reportNetwork(false);
  const { toast } = await loadToastify();
  act(() => toast.dismiss());
});

describe('the offline banner', () => {
  it("follows the browser's offline and online events, in a live region", async () => {
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Log in' }, LAZY);
    expect(banner()).toHaveTextContent('');
    browser(false);
    expect(banner()).toHaveTextContent(OFFLINE_TEXT);
    browser(true);
    expect(banner()).toHaveTextContent('');
  });
});

describe('a page read while the browser is offline', () => {
  it('ends in the no-internet page with its retry instead of an endless loading screen', async () => {
    signIn();
    net.goOffline();
    renderApp('/connect');
    browser(false);
    expect(await screen.findByText(NETWORK_ERROR, {}, LAZY)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('a submit that fails on the network', () => {
  /** The network error is said (toast and banner), the page stays and keeps what was typed. */
  async function expectKept(router: ReturnType<typeof renderApp>['router'], path: string) {
    expect((await screen.findAllByText(NETWORK_ERROR, {}, LAZY)).length).toBeGreaterThan(0);
    expect(banner()).toHaveTextContent(OFFLINE_TEXT);
    expect(router.state.location.pathname).toBe(path);
  }

  it('login keeps the email and password', async () => {
    const { router, user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email', {}, LAZY), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret#123');
    net.goOffline();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await expectKept(router, '/login');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('Secret#123');
    // An answer later says the connection is back.
    net.fetch.mockResolvedValueOnce(new Response(JSON.stringify({ success: 'false', message: 'Invalid credentials', data: null }), { status: 400 }));
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(banner()).toHaveTextContent(''));
  });

  it('change password keeps the three passwords', async () => {
    signIn();
    const { router, user } = renderApp('/settings/change-password');
    await user.type(await screen.findByLabelText('Current Password', {}, LAZY), 'Old-pass1');
    await user.type(screen.getByLabelText('New Password'), 'Secret#123');
    await user.type(screen.getByLabelText('Confirm Password'), 'Secret#123');
    net.goOffline();
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await expectKept(router, '/settings/change-password');
    expect(screen.getByLabelText('Current Password')).toHaveValue('Old-pass1');
    expect(screen.getByLabelText('New Password')).toHaveValue('Secret#123');
    expect(screen.getByLabelText('Confirm Password')).toHaveValue('Secret#123');
  });

  it('the quick-link dialog stays open with the link', async () => {
    signIn();
    net.on(calls.getCard, ok(CARD));
    const { router, user } = renderApp('/connect');
    await user.click(await screen.findByRole('button', { name: 'Add link' }, LAZY));
    const dialog = await screen.findByRole('dialog', { name: 'Add quick link' });
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'url');
    await user.type(within(dialog).getByLabelText('Website link'), 'ada.dev/code');
    net.goOffline();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expectKept(router, '/connect');
    expect(screen.getByRole('dialog', { name: 'Add quick link' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Website link')).toHaveValue('ada.dev/code');
  });

  it('checkout keeps the customer and delivery details', async () => {
    startWithCart([line(1, 'Black', 1)], 'outside-lagos');
    const { router, user } = renderApp('/checkout');
    await user.type(await screen.findByLabelText('Name', {}, LAZY), 'Ada Obi');
    await user.type(screen.getByLabelText('Phone'), '08012345678');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Address'), '12 Marina Road');
    await user.type(screen.getByLabelText('City'), 'Ibadan');
    await user.selectOptions(screen.getByLabelText('State'), 'Oyo');
    net.goOffline();
    await user.click(screen.getByRole('button', { name: 'Proceed to payment' }));
    await expectKept(router, '/checkout');
    expect(screen.getByLabelText('Name')).toHaveValue('Ada Obi');
    expect(screen.getByLabelText('Address')).toHaveValue('12 Marina Road');
    expect(screen.getByLabelText('State')).toHaveValue('Oyo');
  });

  it('the event wizard keeps the event on Create Event', async () => {
    signIn();
    const { router, user } = renderApp('/event/add');
    await user.type(await screen.findByLabelText('Event Name', {}, LAZY), 'Launch Party');
    await user.type(screen.getByLabelText('Description'), 'Our product launch');
    await user.type(screen.getByLabelText('Location'), 'Lagos');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('radio', { name: 'Free' }));
    await user.type(screen.getByLabelText('Total in Stock'), '5');
    await user.click(screen.getByRole('button', { name: 'Add Ticket' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    net.goOffline();
    await user.click(await screen.findByRole('button', { name: 'Create Event' }));
    await expectKept(router, '/event/add');
    await user.click(within(await screen.findByRole('dialog', { name: 'Oops...' })).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Launch Party')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Event' })).toBeInTheDocument();
  });
});
