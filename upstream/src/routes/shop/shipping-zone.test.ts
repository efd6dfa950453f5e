import { calls } from '@tapcard/shared/contract';
import { describe, expect, it } from 'vitest';
import { expectFieldError, sendUnchecked } from '../../test/contract.js';
import { upstreamForFile, type TestUpstream } from '../../test/harness.js';
import { clientIp, deliveryOrder } from '../../test/shop.js';

/** The shipping zone of a delivery follows its address: the upstream refuses one chosen against it. */

let t: TestUpstream;
upstreamForFile((started) => (t = started));

const create = (body: object) => sendUnchecked(t, calls.createOrder, { body, headers: clientIp() });
const ordersOf = (email: string) => t.db.selectFrom('orders').select('shipping').where('email', '=', email).execute();

describe('delivery shipping zone', () => {
  it('refuses Outside Lagos shipping to a Lagos address, under shipping, and stores nothing', async () => {
    const body = deliveryOrder({ shipping: 5_000, total: 37_250 });
    expectFieldError(await create(body), 'shipping', 'Shipping must match the delivery address: Within Lagos for this address');
    expect(await ordersOf(body.email)).toEqual([]);
  });

  it('refuses Within Lagos shipping to an address in another state or country', async () => {
    for (const address of [
      { state: 'Kano', city: 'Kano', country: 'Nigeria' },
      { state: 'Lagos', city: 'Lagos', country: 'Portugal' },
    ]) {
      const body = deliveryOrder(address);
      expectFieldError(await create(body), 'shipping', 'Shipping must match the delivery address: Outside Lagos for this address');
      expect(await ordersOf(body.email)).toEqual([]);
    }
  });

  it('takes the zone of the address however its state and country are written', async () => {
    const address = { state: ' lagos state ', country: 'NG' };
    expectFieldError(await create(deliveryOrder({ ...address, shipping: 5_000, total: 37_250 })), 'shipping', 'Shipping must match the delivery address: Within Lagos for this address');
    const body = deliveryOrder(address);
    expect((await create(body)).statusCode).toBe(200);
    expect(await ordersOf(body.email)).toEqual([{ shipping: 2_500 }]);
  });
});
