import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockNetwork } from '../../../test/network.js';
import { submitAndExpect, typeInto } from '../../../test/forms.js';
import { renderRoutes } from '../../../test/render.js';
import { line, screenWidth, shopRoutes, startWithCart } from '../test-utils.js';

beforeEach(() => {
  mockNetwork();
  startWithCart([line(1, 'Black', 2), line(2, 'Pink', 1)], 'outside-lagos');
});
afterEach(() => {
  screenWidth(0);
});

describe('payment dialog', () => {
  it('formats the card number in fours (max 19), the expiry as MM/YY (max 5) and the CVC as 3 digits, as typed', async () => {
    screenWidth(1280);
    const { user } = renderRoutes(shopRoutes, '/payment');
    const dialog = await screen.findByRole('dialog', { name: 'PAY WITH' });
    const number = within(dialog).getByLabelText('Card number');
    await user.type(number, '4084a0840840840812345');
    expect(number).toHaveValue('4084 0840 8408 4081');
    const expiry = within(dialog).getByLabelText('Expiration date (MM/YY)');
    await user.type(expiry, '1230');
    expect(expiry).toHaveValue('12/30');
    await user.type(expiry, '9');
    expect(expiry).toHaveValue('12/30');
    const cvc = within(dialog).getByLabelText('CVC');
    await user.type(cvc, '4x081');
    expect(cvc).toHaveValue('408');
  });

  it('shows the real order total on the pay button instead of a fixed figure', async () => {
    screenWidth(1280);
    renderRoutes(shopRoutes, '/payment');
    expect(await screen.findByRole('button', { name: 'Pay NGN 37,250' })).toBeInTheDocument();
    expect(screen.queryByText(/27,578/)).not.toBeInTheDocument();
  });

  it('requires all three card fields, and a complete form sends nothing (the provider takes the card)', async () => {
    screenWidth(1280);
    const net = mockNetwork();
    const { user } = renderRoutes(shopRoutes, '/payment');
    await submitAndExpect(user, 'Pay NGN 37,250', 'Card number is required', 'Expiry date is required', 'CVC is required');
    await typeInto(user, { 'Card number': '4084084084084081', 'Expiration date (MM/YY)': '1230', CVC: '408' });
    await submitAndExpect(user, 'Pay NGN 37,250', /Your card has not been charged/);
    expect(net.requests).toHaveLength(0);
  });

  it('offers the tabs Card, Bank, Transfer and USSD; only Card has a form', async () => {
    screenWidth(1280);
    const { user } = renderRoutes(shopRoutes, '/payment');
    const tabs = await screen.findByRole('tablist', { name: 'Payment method' });
    expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Card', 'Bank', 'Transfer', 'USSD']);
    await user.click(within(tabs).getByRole('tab', { name: 'USSD' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('USSD payments are not available yet.');
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
  });

  it('on a small screen offers Change Payment Method and Cancel Payment in a dropdown', async () => {
    const { user, router } = renderRoutes(shopRoutes, '/payment');
    await user.click(await screen.findByRole('button', { name: 'Payment options' }));
    await user.click(screen.getByRole('button', { name: 'Change Payment Method' }));
    await user.click(screen.getByRole('radio', { name: 'Bank' }));
    expect(screen.getByText('Bank payments are not available yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Payment options' }));
    await user.click(screen.getByRole('button', { name: 'Cancel Payment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/get-card'));
  });
});
