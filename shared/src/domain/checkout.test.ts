import { describe, expect, it } from 'vitest';
import { DELIVERY_METHODS, findPickupBranch, NIGERIAN_STATES, nigerianStateSchema, PICKUP_BRANCHES, shippingFeeFor, shippingOptionForAddress } from './checkout.js';

describe('checkout reference data', () => {
  it('has three pickup branches in Lagos, Nigeria with unique ids', () => {
    expect(PICKUP_BRANCHES).toHaveLength(3);
    expect(new Set(PICKUP_BRANCHES.map((branch) => branch.id)).size).toBe(3);
    for (const branch of PICKUP_BRANCHES) {
      expect(branch.state).toBe('Lagos');
      expect(branch.country).toBe('Nigeria');
      expect(branch.address).not.toBe('');
      expect(branch.landmark).not.toBe('');
      expect(branch.city).not.toBe('');
    }
    expect(findPickupBranch('ikeja')?.city).toBe('Ikeja');
    expect(findPickupBranch('nowhere')).toBeUndefined();
  });

  it('lists the 36 states and FCT alphabetically', () => {
    expect(NIGERIAN_STATES).toHaveLength(37);
    expect(new Set(NIGERIAN_STATES).size).toBe(37);
    expect([...NIGERIAN_STATES].sort()).toEqual([...NIGERIAN_STATES]);
    expect(NIGERIAN_STATES[0]).toBe('Abia');
    expect(NIGERIAN_STATES[36]).toBe('Zamfara');
    expect(NIGERIAN_STATES).toContain('Lagos');
    expect(NIGERIAN_STATES).toContain('FCT');
    expect(nigerianStateSchema.safeParse('Lagos').success).toBe(true);
    expect(nigerianStateSchema.safeParse('Abuja').success).toBe(false);
  });

  it('has the delivery methods and their shipping', () => {
    expect(DELIVERY_METHODS).toEqual(['delivery', 'pickup']);
    expect(shippingFeeFor('pickup', 'outside-lagos')).toBe(0);
    expect(shippingFeeFor('delivery')).toBe(2500);
    expect(shippingFeeFor('delivery', 'outside-lagos')).toBe(5000);
  });
});

describe('shippingOptionForAddress', () => {
  it('is Within Lagos for Lagos State, Nigeria, however written, and Outside Lagos otherwise', () => {
    for (const address of [
      { state: 'Lagos', country: 'Nigeria' },
      { state: ' LAGOS  state', country: 'ng' },
      { state: 'lagos', country: 'NGA' },
    ]) {
      expect(shippingOptionForAddress(address).id).toBe('within-lagos');
    }
    for (const address of [
      { state: 'Ogun', country: 'Nigeria' },
      { state: 'Lagos', country: 'Portugal' },
      { state: '', country: 'Nigeria' },
    ]) {
      expect(shippingOptionForAddress(address).id).toBe('outside-lagos');
    }
  });
});
