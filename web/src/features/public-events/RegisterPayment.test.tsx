import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { calls } from '@tapcard/shared/contract';
import { paths, routes } from '../../lib/paths.js';
import { ADA_REGISTERS, event, EVENT_ID } from '../../test/event-fixtures.js';
import { answer, mockNetwork, ok } from '../../test/network.js';
import { typeInto } from '../../test/forms.js';
import { renderRoutes } from '../../test/render.js';
import { CardEventRegisterPage } from './CardEventRegisterPage.js';

/** A loaded machine renders slowly: wait on the page, generously. */
const SLOW = { timeout: 10_000 };

const PROVIDER = 'http://localhost:3000/api/pay/test/TC-ref';
const routeObjects = [{ path: routes.cardEventRegister, element: <CardEventRegisterPage /> }];

/** Registers for the paid ticket; the server holds it until `now + holdMs`. */
async function registerPaid(holdMs: number) {
  const network = mockNetwork();
  network.on(calls.publicEvent, ok(event()));
  network.on(calls.register, () => answer({ success: 'true', message: 'Continue to payment', link: PROVIDER, hold_until: new Date(Date.now() + holdMs).toISOString() }));
  const view = renderRoutes(routeObjects, paths.cardEventRegister(EVENT_ID));
  await screen.findByLabelText('Choose Ticket', {}, SLOW);
  await registerVip(view.user);
  return view;
}

/** Fills the open form as Ada, for the VIP ticket, and registers. */
async function registerVip(user: ReturnType<typeof renderRoutes>['user']) {
  await typeInto(user, ADA_REGISTERS);
  await user.selectOptions(screen.getByLabelText('Choose Ticket'), 'price-vip');
  await user.click(screen.getByRole('button', { name: 'Register' }));
}

describe('paid registration: the payment step', () => {
  it('shows the time left on the held ticket, ticking, without announcing every second, and the way to the provider', async () => {
    await registerPaid(15 * 60_000);

    const paymentHeading = await screen.findByRole('heading', { name: 'Complete your payment' }, SLOW);
    await vi.waitFor(() => expect(paymentHeading).toHaveFocus());
    const timer = screen.getByRole('timer');
    expect(timer).toHaveTextContent(/^1[45]:\d\d$/);
    expect(timer).toHaveAttribute('aria-live', 'off');
    const status = screen.getByRole('status');
    const first = timer.textContent;
    await waitFor(() => expect(timer.textContent).not.toBe(first), { timeout: 5000 });
    // The seconds moved; the polite status said nothing.
    expect(status).toHaveTextContent('');
    expect(screen.getByRole('link', { name: 'Continue to payment' })).toHaveAttribute('href', PROVIDER);
  });

  it("states the event's refund policy before paying, on the form and on the payment step", async () => {
    const start = new Date();
    start.setDate(start.getDate() + 10);
    const day = `${start.getFullYear()}-${String(start.getMonth() + 1).padStart(2, '0')}-${String(start.getDate()).padStart(2, '0')}`;
    const network = mockNetwork();
    network.on(calls.publicEvent, ok(event({ start_date: `${day}T18:00+01:00`, end_date: null, refund_policy: 'before_start', refund_hours: 24 })));
    network.on(calls.register, () => answer({ success: 'true', message: 'Continue to payment', link: PROVIDER, hold_until: new Date(Date.now() + 60_000).toISOString() }));
    const view = renderRoutes(routeObjects, paths.cardEventRegister(EVENT_ID));
    // 24 hours before 18:00 (UTC+01:00) on the start day: the day before, at 18:00 in the event's zone.
    const before = new Date(`${day}T12:00:00Z`);
    before.setUTCDate(before.getUTCDate() - 1);
    const expected = `Full refund until ${before.toUTCString().slice(0, 3)}, ${before.getUTCDate()} `;
    expect(await screen.findByTestId('refund-policy', {}, SLOW)).toHaveTextContent(new RegExp(`^${expected}.+, 18:00 \\(UTC\\+01:00\\)\\. No refund after that\\.$`));
    await registerVip(view.user);
    await screen.findByRole('heading', { name: 'Complete your payment' }, SLOW);
    expect(screen.getByTestId('refund-policy')).toHaveTextContent(expected);
  });

  it('says politely when fewer than 5 minutes are left', async () => {
    await registerPaid(4 * 60_000 + 30_000);
    await screen.findByRole('heading', { name: 'Complete your payment' }, SLOW);
    expect(screen.getByRole('timer')).toHaveTextContent(/^4:\d\d$/);
    expect(screen.getByRole('status')).toHaveTextContent('Less than 5 minutes left to pay.');
  });

  it('says the reservation expired when the time runs out, and offers to register again', async () => {
    const { user } = await registerPaid(3000);

    await screen.findByRole('heading', { name: 'Complete your payment' }, SLOW);
    const again = await screen.findByRole('button', { name: 'Register again' }, { timeout: 15_000 });
    expect(screen.getByRole('status')).toHaveTextContent('Your reservation has expired and the ticket was released.');
    expect(screen.getByRole('timer')).toHaveTextContent('0:00');
    expect(screen.queryByRole('link', { name: 'Continue to payment' })).not.toBeInTheDocument();
    await user.click(again);
    expect(await screen.findByRole('button', { name: 'Register' }, SLOW)).toBeInTheDocument();
  }, 30_000);
});
