import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { calls } from '@tapcard/shared/contract';
import { STORAGE_PREFIX } from '../../../lib/storage.js';
import { mockNetwork, ok, type MockNetwork } from '../../../test/network.js';
import { renderRoutes } from '../../../test/render.js';
import { ORDER_MAX_POLLS, ORDER_POLL_MS } from '../hooks/useOrderLookup.js';
import { declined, line, paid, pending, shopRoutes, startWithCart } from '../test-utils.js';

let net: MockNetwork;
beforeEach(() => {
  net = mockNetwork();
  startWithCart([line(1, 'Black', 2)]);
});

const storedRef = () => localStorage.getItem(`${STORAGE_PREFIX}transactionRef`);
const toastText = () => document.querySelector('.Toastify')?.textContent ?? '';

/** Stands in for the browser's location, to see where the page sends the buyer (answers the assigned URLs). */
function watchAssign(): string[] {
  const assigned: string[] = [];
  vi.stubGlobal('location', { ...window.location, assign: (url: string) => assigned.push(url) });
  return assigned;
}

describe('payment status', () => {
  it("shows 'Checking Transaction' while pending, checks again, then 'Payment Successful!' and empties the cart", async () => {
    let calls_ = 0;
    net.on(calls.getOrder, () => (++calls_ === 1 ? pending('TC-q') : paid('TC-q')));
    renderRoutes(shopRoutes, '/payment/status?reference=TC-q&status=success');
    expect(await screen.findByRole('heading', { name: 'Checking Transaction' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' }, { timeout: ORDER_POLL_MS + 2000 })).toBeInTheDocument();
    expect(screen.getByText('Your payment was succesful, you TapCard card is on its way.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to homepage' })).toHaveAttribute('href', '/');
    expect(net.sent(calls.getOrder).map((r) => r.path)).toEqual(['/v1/connect/api/orders/TC-q', '/v1/connect/api/orders/TC-q']);
    await waitFor(() => expect(localStorage.getItem(`${STORAGE_PREFIX}cartItems`)).toBe('[]'));
    expect(storedRef()).toBe(JSON.stringify('TC-q'));
  });

  it("uses the stored transactionRef and shows 'Payment Declined.' with its required text; the cart is kept", async () => {
    localStorage.setItem(`${STORAGE_PREFIX}transactionRef`, JSON.stringify('TC-stored'));
    net.on(calls.getOrder, declined('TC-stored'));
    renderRoutes(shopRoutes, '/payment/status');
    expect(await screen.findByRole('heading', { name: 'Payment Declined.' })).toBeInTheDocument();
    expect(screen.getByText('Your payment was not successful, please check the cart to remake payment')).toBeInTheDocument();
    expect(net.sent(calls.getOrder)[0]?.path).toBe('/v1/connect/api/orders/TC-stored');
    expect(JSON.parse(localStorage.getItem(`${STORAGE_PREFIX}cartItems`) ?? '[]')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Go to cart' })).toHaveAttribute('href', '/get-card');
  });

  it('offers a retry when the request fails, instead of spinning forever or leaving the page', async () => {
    net.goOffline();
    const { user, router } = renderRoutes(shopRoutes, '/payment/status?reference=TC-r');
    expect(await screen.findByRole('heading', { name: 'We could not check your payment' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/payment/status');

    net = mockNetwork().on(calls.getOrder, paid('TC-r'));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
  });

  it('stops checking a still-pending payment after a few tries and offers to check again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      net.on(calls.getOrder, pending('TC-slow'));
      renderRoutes(shopRoutes, '/payment/status?reference=TC-slow');
      expect(await screen.findByRole('heading', { name: 'Checking Transaction' })).toBeInTheDocument();
      for (let i = 0; i < ORDER_MAX_POLLS + 2; i++) await vi.advanceTimersByTimeAsync(ORDER_POLL_MS);
      expect(await screen.findByRole('button', { name: 'Check again' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Checking Transaction' })).toBeInTheDocument();
      expect(net.sent(calls.getOrder)).toHaveLength(ORDER_MAX_POLLS);

      // Check again asks once more; the button stays where the focus is, even while the check runs.
      const checkAgain = screen.getByRole('button', { name: 'Check again' });
      checkAgain.focus();
      await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).keyboard('{Enter}');
      await waitFor(() => expect(net.sent(calls.getOrder)).toHaveLength(ORDER_MAX_POLLS + 1));
      expect(checkAgain).toBeInTheDocument();
      expect(checkAgain).toHaveFocus();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says an unknown reference is unknown, not declined', async () => {
    net.on(calls.getOrder, { status: 404, json: { success: 'false', message: 'Order not found', data: null } });
    renderRoutes(shopRoutes, '/payment/status?reference=TC-unknown');
    expect(await screen.findByRole('heading', { name: 'Payment not found' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('We could not find a payment with this reference. Check the link you came back with, or start again from the shop.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Payment Declined.' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Shop cards' })).toBeInTheDocument();
  });

  it("checks the order Paystack sends the buyer back with (?trxref&reference), or ?trxref alone", async () => {
    net.on(calls.getOrder, (request) => (request.path.endsWith('/PS-1') ? paid('PS-1') : pending('PS-2')));
    const first = renderRoutes(shopRoutes, '/payment/status?trxref=PS-1&reference=PS-1');
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(storedRef()).toBe(JSON.stringify('PS-1'));
    first.unmount();

    renderRoutes(shopRoutes, '/payment/status?trxref=PS-2');
    expect(await screen.findByRole('heading', { name: 'Checking Transaction' })).toBeInTheDocument();
    await waitFor(() => expect(net.sent(calls.getOrder).map((r) => r.path)).toContain('/v1/connect/api/orders/PS-2'));
    // Pending is never shown as paid, and the cart is kept until it is.
    expect(screen.queryByRole('heading', { name: 'Payment Successful!' })).not.toBeInTheDocument();
    expect(storedRef()).toBe(JSON.stringify('PS-2'));
  });

  it('Try again on a declined order asks for a new payment of it and sends the buyer to the new payment page, busy until then', async () => {
    const assigned = watchAssign();
    net.on(calls.getOrder, declined('PS-d'));
    let answer!: () => void;
    net.on(calls.retryOrder, () => new Promise((resolve) => (answer = () => resolve(ok({ reference: 'PS-d2', url: 'https://checkout.paystack.test/abc' }, 'Payment restarted')))));
    const { user } = renderRoutes(shopRoutes, '/payment/status?trxref=PS-d&reference=PS-d');
    expect(await screen.findByRole('heading', { name: 'Payment Declined.' })).toBeInTheDocument();
    expect(screen.getByText('Your payment was not successful, please check the cart to remake payment')).toBeInTheDocument();

    // From the keyboard: the button is reachable and Enter presses it.
    const tryAgain = screen.getByRole('button', { name: 'Try again' });
    tryAgain.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(tryAgain).toBeDisabled());
    expect(tryAgain).toHaveAttribute('aria-busy', 'true');
    await user.click(tryAgain);
    expect(net.sent(calls.retryOrder).map((r) => r.path)).toEqual(['/v1/connect/api/orders/PS-d/retry']);

    answer();
    await waitFor(() => expect(assigned).toEqual(['https://checkout.paystack.test/abc']));
    // The new payment's reference is the one to check when the buyer comes back.
    expect(storedRef()).toBe(JSON.stringify('PS-d2'));
    expect(tryAgain).toBeDisabled();
  });

  it("toasts why a new payment could not be started and gives the button back, focused, on the same page", async () => {
    const assigned = watchAssign();
    net.on(calls.getOrder, declined('PS-x'));
    let answer!: () => void;
    net.on(calls.retryOrder, () => new Promise((resolve) => (answer = () => resolve({ status: 409, json: { success: 'false', message: 'This order is already paid.', data: null } }))));
    const { user, router } = renderRoutes(shopRoutes, '/payment/status?reference=PS-x');
    const tryAgain = await screen.findByRole('button', { name: 'Try again' });
    await user.click(tryAgain);
    await waitFor(() => expect(tryAgain).toBeDisabled());
    // A browser drops the focus of a button that turns disabled (to the body; jsdom keeps it).
    document.body.tabIndex = -1;
    document.body.focus();
    expect(tryAgain).not.toHaveFocus();
    answer();
    await waitFor(() => expect(toastText()).toContain('This order is already paid.'));
    await waitFor(() => expect(tryAgain).toBeEnabled());
    await waitFor(() => expect(tryAgain).toHaveFocus());
    expect(assigned).toEqual([]);
    expect(router.state.location.pathname).toBe('/payment/status');
    expect(screen.getByRole('heading', { name: 'Payment Declined.' })).toBeInTheDocument();
    document.body.removeAttribute('tabindex');
  });

  it('says there is no payment to check when there is no reference at all', async () => {
    renderRoutes(shopRoutes, '/payment/status');
    expect(await screen.findByRole('heading', { name: 'No payment to check' })).toBeInTheDocument();
    expect(net.sent(calls.getOrder)).toHaveLength(0);
  });
});
