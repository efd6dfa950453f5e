import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls } from '@tapcard/shared/contract';
import { OFFLINE_TEXT } from '../components/OfflineBanner.js';
import { NETWORK_ERROR } from '../lib/api.js';
import { reportNetwork } from '../lib/online.js';
import { loadToastify } from '../lib/toast.js';
import { ok } from '../test/network.js';
import { networkForEachTest } from '../test/each-test.js';
import { typeInto } from '../test/forms.js';
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

  /** Loses the network and presses `button`: the page at `path` says so and each of `kept` is still in its field. */
  async function submitOffline({ router, user }: ReturnType<typeof renderApp>, button: string, path: string, kept: Record<string, string>) {
    net.goOffline();
    await user.click(screen.getByRole('button', { name: button }));
    await expectKept(router, path);
    for (const [label, value] of Object.entries(kept)) expect(screen.getByLabelText(label)).toHaveValue(value);
  }

  it('login keeps the email and password', async () => {
    const view = renderApp('/login');
    const login = { Email: 'ada@example.com', Password: 'Secret#123' };
    await typeInto(view.user, login, LAZY);
    await submitOffline(view, 'Log in', '/login', login);
    // An answer later says the connection is back.
    net.fetch.mockResolvedValueOnce(new Response(JSON.stringify({ success: 'false', message: 'Invalid credentials', data: null }), { status: 400 }));
    await view.user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(banner()).toHaveTextContent(''));
  });

  it('change password keeps the three passwords', async () => {
    signIn();
    const view = renderApp('/settings/change-password');
    const passwords = { 'Current Password': 'Old-pass1', 'New Password': 'Secret#123', 'Confirm Password': 'Secret#123' };
    await typeInto(view.user, passwords, LAZY);
    await submitOffline(view, 'Change Password', '/settings/change-password', passwords);
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
    const view = renderApp('/checkout');
    await typeInto(view.user, { Name: 'Ada Obi', Phone: '08012345678', Email: 'ada@example.com', Address: '12 Marina Road', City: 'Ibadan' }, LAZY);
    await view.user.selectOptions(screen.getByLabelText('State'), 'Oyo');
    await submitOffline(view, 'Proceed to payment', '/checkout', { Name: 'Ada Obi', Address: '12 Marina Road', State: 'Oyo' });
  });

  it('the event wizard keeps the event on Create Event', async () => {
    signIn();
    const { router, user } = renderApp('/event/add');
    await typeInto(user, { 'Event Name': 'Launch Party', Description: 'Our product launch', Location: 'Lagos' }, LAZY);
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
