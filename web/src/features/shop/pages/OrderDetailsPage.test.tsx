import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { calls } from '@tapcard/shared/contract';
import { STORAGE_PREFIX } from '../../../lib/storage.js';
import { mockNetwork, type MockNetwork } from '../../../test/network.js';
import { renderRoutes } from '../../../test/render.js';
import { paid, pending, shopRoutes, startWithCart } from '../test-utils.js';

let net: MockNetwork;
beforeEach(() => {
  net = mockNetwork();
  startWithCart();
});

const value = (label: string) => within(screen.getByText(label, { selector: 'dt' }).parentElement as HTMLElement).getByRole('definition');

describe('order details', () => {
  it('lists the order of the stored transactionRef', async () => {
    localStorage.setItem(`${STORAGE_PREFIX}transactionRef`, JSON.stringify('TC-ref-1'));
    net.on(calls.getOrder, paid());
    renderRoutes(shopRoutes, '/payment/order-details');
    expect(await screen.findByRole('heading', { name: 'Order Details' })).toBeInTheDocument();
    expect(value('Name')).toHaveTextContent('Ada Obi');
    expect(value('Phone Number')).toHaveTextContent('08012345678');
    expect(value('Email')).toHaveTextContent('ada@example.com');
    expect(value('Address')).toHaveTextContent('12 Marina Road');
    expect(value('City')).toHaveTextContent('Ibadan');
    expect(value('State')).toHaveTextContent('Oyo');
    expect(value('Total')).toHaveTextContent('NGN 30,000');
    expect(value('Final Total')).toHaveTextContent('NGN 37,250');
    expect(value('VAT')).toHaveTextContent('NGN 2,250');
    expect(value('Shipping')).toHaveTextContent('NGN 5,000');
    expect(value('Payment Status')).toHaveTextContent('Paid');
    expect(net.sent(calls.getOrder)[0]?.path).toBe('/v1/connect/api/orders/TC-ref-1');
  });

  it('shows a still-pending order from ?reference= as pending', async () => {
    net.on(calls.getOrder, pending('TC-p'));
    renderRoutes(shopRoutes, '/payment/order-details?reference=TC-p');
    expect(await screen.findByRole('heading', { name: 'Order Details' })).toBeInTheDocument();
    expect(value('Payment Status')).toHaveTextContent('Pending');
  });

  it('never shows sample data: no reference means no order to show', async () => {
    renderRoutes(shopRoutes, '/payment/order-details');
    expect(await screen.findByRole('heading', { name: 'No order to show' })).toBeInTheDocument();
    expect(net.sent(calls.getOrder)).toHaveLength(0);
  });

  it('says so when the reference is unknown', async () => {
    net.on(calls.getOrder, { status: 404, json: { success: 'false', message: 'Order not found', data: null } });
    renderRoutes(shopRoutes, '/payment/order-details?reference=TC-gone');
    expect(await screen.findByRole('heading', { name: 'No order to show' })).toBeInTheDocument();
  });
});
