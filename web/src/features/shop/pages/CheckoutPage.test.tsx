import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { calls } from '@tapcard/shared/contract';
import { STORAGE_PREFIX } from '../../../lib/storage.js';
import { fail, mockNetwork, ok, type MockNetwork } from '../../../test/network.js';
import { submitAndExpect, typeInto } from '../../../test/forms.js';
import { renderRoutes } from '../../../test/render.js';
import { line, shopRoutes, startWithCart } from '../test-utils.js';

let net: MockNetwork;
beforeEach(() => {
  net = mockNetwork();
  startWithCart([line(1, 'Black', 2), line(2, 'Pink', 1)], 'outside-lagos');
});

const toastText = () => document.querySelector('.Toastify')?.textContent ?? '';

async function fillCustomer(user: ReturnType<typeof renderRoutes>['user'], phone = '08012345678', email = 'ada@example.com') {
  await typeInto(user, { Name: 'Ada Obi', Phone: phone, Email: email });
}

describe('checkout', () => {
  it("shows the required messages under the empty fields and toasts 'Fill all fields'; nothing is sent", async () => {
    const { user } = renderRoutes(shopRoutes, '/checkout');
    await submitAndExpect(user, 'Proceed to payment', 'Name is required', 'Phone number is required', 'Email is required', 'Address is required', 'City is required');
    expect(screen.getByLabelText('State')).toHaveAccessibleDescription('State is required');
    await waitFor(() => expect(toastText()).toContain('Fill all fields'));
    await vi.waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());
    expect(net.sent(calls.createOrder)).toHaveLength(0);
  });

  it("rejects a bad phone and email with 'Invalid phone number' and 'Invalid email address'", async () => {
    const { user } = renderRoutes(shopRoutes, '/checkout');
    await fillCustomer(user, '12345', 'ada@');
    await submitAndExpect(user, 'Proceed to payment', 'Invalid phone number', 'Invalid email address');
  });

  it("keeps the country quirk: an empty country reads 'State is required'", async () => {
    const { user } = renderRoutes(shopRoutes, '/checkout');
    await user.selectOptions(await screen.findByLabelText('Country'), 'Select country');
    await user.click(screen.getByRole('button', { name: 'Proceed to payment' }));
    await waitFor(() => expect(screen.getByLabelText('Country')).toHaveAccessibleDescription('State is required'));
    expect(screen.getAllByText('State is required')).toHaveLength(2);
  });

  it("says 'State is required' under an emptied country when everything else is filled; nothing is sent", async () => {
    const { user } = renderRoutes(shopRoutes, '/checkout');
    await fillCustomer(user);
    await typeInto(user, { Address: '12 Marina Road', City: 'Ibadan' });
    await user.selectOptions(screen.getByLabelText('State'), 'Oyo');
    await user.selectOptions(screen.getByLabelText('Country'), 'Select country');
    await user.click(screen.getByRole('button', { name: 'Proceed to payment' }));
    await waitFor(() => expect(screen.getByLabelText('Country')).toHaveAccessibleDescription('State is required'));
    await waitFor(() => expect(toastText()).toContain('Fill all fields'));
    expect(net.sent(calls.createOrder)).toHaveLength(0);
  });

  it("empties a state typed for another country when the country is back to Nigeria, so the list's 'Select state' says 'State is required'", async () => {
    const { user } = renderRoutes(shopRoutes, '/checkout');
    await screen.findByRole('option', { name: 'Ghana' }, { timeout: 10_000 });
    await user.selectOptions(screen.getByLabelText('Country'), 'Ghana');
    await user.type(screen.getByLabelText('State'), 'Accra');
    await user.selectOptions(screen.getByLabelText('Country'), 'Nigeria');
    await user.click(screen.getByRole('button', { name: 'Proceed to payment' }));
    await waitFor(() => expect(screen.getByLabelText('State')).toHaveAccessibleDescription('State is required'));
    expect(net.sent(calls.createOrder)).toHaveLength(0);
  });

  it("asks for a pickup branch with 'Choose pick up location', and pickup costs no shipping", async () => {
    const { user } = renderRoutes(shopRoutes, '/checkout');
    await fillCustomer(user);
    await user.click(screen.getByRole('radio', { name: /Pickup/ }));
    expect(screen.getByText('Ikeja Branch')).toBeInTheDocument();
    expect(screen.getAllByText('Landmark')).toHaveLength(3);
    expect(screen.queryByLabelText('Address')).not.toBeInTheDocument();
    expect(screen.getByText('Shipping', { selector: 'dt' }).nextSibling).toHaveTextContent('NGN 0');
    expect(screen.getByText('Total (NGN)').nextSibling).toHaveTextContent('32,250');
    await user.click(screen.getByRole('button', { name: 'Proceed to payment' }));
    expect(await screen.findByText('Choose pick up location')).toBeInTheDocument();
    await waitFor(() => expect(toastText()).toContain('Fill all fields'));
  });

  it('creates a delivery order with the server-checked figures, stores its reference and leaves for the provider', async () => {
    net.on(calls.createOrder, ok({ reference: 'TC-ref-123', url: 'http://localhost/api/pay/test/TC-ref-123' }, 'Order created'));
    const { user } = renderRoutes(shopRoutes, '/checkout');
    await fillCustomer(user, '0801 234 5678');
    await typeInto(user, { Address: '12 Marina Road', City: 'Ibadan' });
    await user.selectOptions(screen.getByLabelText('State'), 'Oyo');
    expect(screen.getByLabelText('Shipping')).toHaveValue('Outside Lagos (NGN 5,000)');
    expect(screen.getByText('Total (NGN)').nextSibling).toHaveTextContent('37,250');
    await user.click(screen.getByRole('button', { name: 'Proceed to payment' }));

    await waitFor(() => expect(net.sent(calls.createOrder)).toHaveLength(1));
    expect(net.sent(calls.createOrder)[0]?.body).toEqual({
      name: 'Ada Obi',
      phoneNumber: '08012345678',
      email: 'ada@example.com',
      method: 'delivery',
      address: '12 Marina Road',
      city: 'Ibadan',
      state: 'Oyo',
      country: 'Nigeria',
      pickup: null,
      cart: [line(1, 'Black', 2), line(2, 'Pink', 1)],
      total: 37250,
      vat: 2250,
      shipping: 5000,
      callback_url: `${window.location.origin}/payment/status`,
    });
    expect(calls.createOrder.body.safeParse(net.sent(calls.createOrder)[0]?.body).success).toBe(true);
    await waitFor(() => expect(localStorage.getItem(`${STORAGE_PREFIX}transactionRef`)).toBe(JSON.stringify('TC-ref-123')));
    expect(screen.getByRole('button', { name: 'Proceed to payment' })).toBeDisabled();
  });

  it('sends a pickup order with the branch and no shipping; a Lagos address puts Within Lagos into the cart', async () => {
    net.on(calls.createOrder, ok({ reference: 'TC-ref-9', url: 'http://localhost/api/pay/test/TC-ref-9' }));
    const { user } = renderRoutes(shopRoutes, '/checkout');
    await fillCustomer(user, '+2348012345678');
    await user.selectOptions(screen.getByLabelText('State'), 'Lagos');
    await waitFor(() => expect(localStorage.getItem(`${STORAGE_PREFIX}shipping`)).toBe(JSON.stringify('within-lagos')));
    await user.click(screen.getByRole('radio', { name: /Pickup/ }));
    await user.click(screen.getByRole('radio', { name: /Lekki Branch/ }));
    await user.click(screen.getByRole('button', { name: 'Proceed to payment' }));
    await waitFor(() => expect(net.sent(calls.createOrder)).toHaveLength(1));
    expect(net.sent(calls.createOrder)[0]?.body).toMatchObject({ method: 'pickup', pickup: 'lekki', city: 'Lekki', state: 'Lagos', country: 'Nigeria', shipping: 0, vat: 2250, total: 32250, phoneNumber: '+2348012345678' });
    expect(calls.createOrder.body.safeParse(net.sent(calls.createOrder)[0]?.body).success).toBe(true);
  });

  it('sets the shipping zone from the address, which cannot be chosen against it', async () => {
    net.on(calls.createOrder, ok({ reference: 'TC-ref-7', url: 'http://localhost/api/pay/test/TC-ref-7' }));
    const { user } = renderRoutes(shopRoutes, '/checkout');
    await fillCustomer(user);
    await typeInto(user, { Address: '12 Marina Road', City: 'Lagos Island' });
    // The cart said Outside Lagos; a Lagos address is Within Lagos.
    await user.selectOptions(screen.getByLabelText('State'), 'Lagos');
    const shipping = screen.getByLabelText('Shipping');
    await waitFor(() => expect(shipping).toHaveValue('Within Lagos (NGN 2,500)'));
    expect(shipping).toHaveAttribute('readonly');
    expect(shipping).toHaveAccessibleDescription('Set by the delivery address: Within Lagos for Lagos State, Outside Lagos elsewhere.');
    expect(screen.queryByRole('combobox', { name: 'Shipping' })).not.toBeInTheDocument();
    expect(screen.getByText('Total (NGN)').nextSibling).toHaveTextContent('34,750');

    await user.selectOptions(screen.getByLabelText('State'), 'Kano');
    await waitFor(() => expect(shipping).toHaveValue('Outside Lagos (NGN 5,000)'));
    await user.selectOptions(screen.getByLabelText('State'), 'Lagos');
    await waitFor(() => expect(shipping).toHaveValue('Within Lagos (NGN 2,500)'));
    await user.click(screen.getByRole('button', { name: 'Proceed to payment' }));
    await waitFor(() => expect(net.sent(calls.createOrder)).toHaveLength(1));
    expect(net.sent(calls.createOrder)[0]?.body).toMatchObject({ state: 'Lagos', shipping: 2500, total: 34750 });
    expect(calls.createOrder.body.safeParse(net.sent(calls.createOrder)[0]?.body).success).toBe(true);
  });

  it("tells the visitor when the order is refused, with the server's message", async () => {
    net.on(calls.createOrder, {
      status: 400,
      json: { success: 'false', message: 'The order total has changed. Please review your cart.', data: null, errors: [{ field: 'total', message: 'The order total has changed. Please review your cart.' }] },
    });
    const { user } = renderRoutes(shopRoutes, '/checkout');
    await fillCustomer(user);
    await user.click(screen.getByRole('radio', { name: /Pickup/ }));
    await user.click(screen.getByRole('radio', { name: /Ikeja Branch/ }));
    await user.click(screen.getByRole('button', { name: 'Proceed to payment' }));
    await waitFor(() => expect(toastText()).toContain('The order total has changed. Please review your cart.'));
    expect(localStorage.getItem(`${STORAGE_PREFIX}transactionRef`)).toBeNull();
    expect(screen.getByRole('button', { name: 'Proceed to payment' })).toBeEnabled();
  });

  it('puts a field the server refuses under that field', async () => {
    net.on(calls.createOrder, { status: 400, json: { success: 'false', message: 'Invalid phone number', data: null, errors: [{ field: 'phoneNumber', message: 'Invalid phone number' }] } });
    const { user } = renderRoutes(shopRoutes, '/checkout');
    await fillCustomer(user);
    await user.click(screen.getByRole('radio', { name: /Pickup/ }));
    await user.click(screen.getByRole('radio', { name: /Ikeja Branch/ }));
    await user.click(screen.getByRole('button', { name: 'Proceed to payment' }));
    await waitFor(() => expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription('Invalid phone number'));
  });

  it('keeps what was typed when the visitor leaves and comes back', async () => {
    net.on(calls.createOrder, fail('Network down', 503));
    const { user, router } = renderRoutes(shopRoutes, '/checkout');
    await fillCustomer(user);
    await router.navigate('/get-card');
    await router.navigate('/checkout');
    expect(await screen.findByLabelText('Name')).toHaveValue('Ada Obi');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  });

  it('shows the empty cart instead of the form when there is nothing to buy', async () => {
    startWithCart([]);
    renderRoutes(shopRoutes, '/checkout');
    expect(await screen.findByText('Your Cart is Empty')).toBeInTheDocument();
    expect(screen.getByText('Add something to make me happy :)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Proceed to payment' })).not.toBeInTheDocument();
  });
});
