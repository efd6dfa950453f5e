import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { calls } from '@tapcard/shared/contract';
import { paths, routes } from '../../lib/paths.js';
import { attendeeToken, TID } from '../../test/event-fixtures.js';
import { answer, mockNetwork, ok } from '../../test/network.js';
import { LocationProbe, renderRoutes } from '../../test/render.js';
import { EventTokenPage } from './EventTokenPage.js';
import { PENDING_RECHECK_MS, TicketPaymentSuccessfulPage } from './PaymentSuccessfulPage.js';

/** A loaded machine renders slowly: wait on the page, generously. */
const SLOW = { timeout: 10_000 };

const routeObjects = [
  { path: routes.ticketPaymentSuccessful, element: <TicketPaymentSuccessfulPage /> },
  { path: routes.eventToken, element: <EventTokenPage /> },
  { path: routes.openEventRegister, element: <LocationProbe label="register" /> },
  { path: '/before', element: <LocationProbe label="before" /> },
];

const RETRY = paths.openEventRegister('tech-meetup');

/** Arrives from `/before` (the provider's page, as far as history goes), as the provider sends the buyer back. */
async function backFromProvider(query: string) {
  const view = renderRoutes(routeObjects, '/before');
  await view.router.navigate(`/event/p/ticket/successful?${query}`);
  return view;
}

describe('ticket payment: back from the provider', () => {
  it('shows Payment Declined. with the reason and a way to register again, instead of going back to the provider', async () => {
    const network = mockNetwork();
    network.on(calls.paymentSuccessful, {
      status: 402,
      json: { success: 'false', message: 'Your payment was declined, so no ticket was issued.', outcome: 'declined', retry: RETRY },
    });
    const { user } = await backFromProvider('reference=ref-1&status=failed');

    const heading = await screen.findByRole('heading', { name: 'Payment Declined.' }, SLOW);
    await vi.waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent('Your payment was declined, so no ticket was issued.');
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Try again' }));
    expect(await screen.findByTestId('location', {}, SLOW)).toHaveTextContent(`register ${RETRY}`);
  });

  it('says an unknown reference is unknown, not declined', async () => {
    const network = mockNetwork();
    network.on(calls.paymentSuccessful, {
      status: 404,
      json: { success: 'false', message: 'We could not find this payment. Check the link, or register again from the event page.', outcome: 'unknown' },
    });
    await backFromProvider('reference=nope');

    expect(await screen.findByRole('heading', { name: 'Payment not found' }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('We could not find this payment.');
    expect(screen.queryByRole('heading', { name: 'Payment Declined.' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', routes.home);
  });

  it('lets the buyer check a payment not yet confirmed again, then goes to the ticket', async () => {
    const network = mockNetwork();
    let calls_ = 0;
    network.on(calls.paymentSuccessful, () =>
      ++calls_ === 1
        ? answer({ success: 'false', message: 'Your payment has not been confirmed yet. Please try again in a moment.', outcome: 'pending', retry: RETRY }, 409)
        : answer({ success: 'true', link: paths.eventToken(TID) }),
    );
    network.on(calls.eventToken, ok(attendeeToken()));
    const { user } = await backFromProvider('reference=ref-2');

    expect(await screen.findByRole('heading', { name: 'Checking Transaction' }, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByRole('heading', { name: 'Registration Successful!' }, SLOW)).toBeInTheDocument();
    expect(network.sent(calls.paymentSuccessful)).toHaveLength(2);
  });

  it("passes Paystack's trxref and reference on as they came and goes to the ticket when paid", async () => {
    const network = mockNetwork();
    network.on(calls.paymentSuccessful, { status: 200, json: { success: 'true', link: paths.eventToken(TID) } });
    network.on(calls.eventToken, ok(attendeeToken()));
    await backFromProvider('trxref=TCT-ps-1&reference=TCT-ps-1');

    expect(await screen.findByRole('heading', { name: 'Registration Successful!' }, SLOW)).toBeInTheDocument();
    expect(network.sent(calls.paymentSuccessful).map((r) => r.body)).toEqual([{ trxref: 'TCT-ps-1', reference: 'TCT-ps-1' }]);
  });

  it('keeps checking a payment not yet confirmed on its own, without a click, and goes to the ticket once paid', async () => {
    const network = mockNetwork();
    let calls_ = 0;
    network.on(calls.paymentSuccessful, () =>
      ++calls_ < 3
        ? answer({ success: 'false', message: 'Your payment has not been confirmed yet. Please try again in a moment.', outcome: 'pending', retry: RETRY }, 409)
        : answer({ success: 'true', link: paths.eventToken(TID) }),
    );
    network.on(calls.eventToken, ok(attendeeToken()));
    await backFromProvider('trxref=TCT-ps-2&reference=TCT-ps-2');

    const heading = await screen.findByRole('heading', { name: 'Checking Transaction' }, SLOW);
    await vi.waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent('Your payment has not been confirmed yet.');
    // Never the declined words nor a way to start again while the provider has not decided.
    expect(screen.queryByRole('link', { name: 'Try again' })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Registration Successful!' }, { timeout: 3 * PENDING_RECHECK_MS + 5000 })).toBeInTheDocument();
    expect(network.sent(calls.paymentSuccessful)).toHaveLength(3);
  });

  it('says the payment could not be checked when the network fails, instead of loading forever, and checks again', async () => {
    let network = mockNetwork();
    network.goOffline();
    const { user } = await backFromProvider('trxref=TCT-ps-3&reference=TCT-ps-3');

    expect(await screen.findByRole('heading', { name: 'We could not check your payment' }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Please check your connection and try again.');
    expect(screen.queryByRole('heading', { name: 'Payment Declined.' })).not.toBeInTheDocument();

    network = mockNetwork();
    network.on(calls.paymentSuccessful, { status: 200, json: { success: 'true', link: paths.eventToken(TID) } });
    network.on(calls.eventToken, ok(attendeeToken()));
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByRole('heading', { name: 'Registration Successful!' }, SLOW)).toBeInTheDocument();
  });

  it('says a payment that came after its seat was sold gets no ticket and is refunded', async () => {
    const network = mockNetwork();
    const message = 'Your payment arrived after your reservation expired and the VIP ticket sold out, so no ticket was issued. Your payment will be refunded.';
    network.on(calls.paymentSuccessful, { status: 409, json: { success: 'false', message, outcome: 'sold_out', retry: RETRY } });
    await backFromProvider('reference=ref-3');

    expect(await screen.findByRole('heading', { name: 'No ticket was issued' }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
  });
});
