import { z } from 'zod';
import { PICKUP_SHIPPING_FEE, SHIPPING_OPTIONS, shippingOptionFee, type ShippingOption } from './cart-lines.js';

/** How an order reaches the buyer. */
export const DELIVERY_METHODS = ['delivery', 'pickup'] as const;
export const deliveryMethodSchema = z.enum(DELIVERY_METHODS);
export type DeliveryMethod = z.infer<typeof deliveryMethodSchema>;

/** The shipping fee of a checkout: 0 for pickup, else the chosen shipping option's fee. */
export function shippingFeeFor(method: DeliveryMethod, shippingOptionId: string = ''): number {
  return method === 'pickup' ? PICKUP_SHIPPING_FEE : shippingOptionFee(shippingOptionId);
}

const NIGERIA = new Set(['nigeria', 'ng', 'nga']);
const fold = (text: string): string => text.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * The shipping zone of a delivery address: Within Lagos for Lagos State, Nigeria (country by name or
 * ISO code, state case-insensitively, with or without ' State'), Outside Lagos for any other state
 * or country. The zone follows the address: it is never the buyer's choice.
 */
export function shippingOptionForAddress(address: { state: string; country: string }): ShippingOption {
  const inNigeria = NIGERIA.has(fold(address.country));
  const lagos = inNigeria && fold(address.state).replace(/ state$/, '') === 'lagos';
  return SHIPPING_OPTIONS[lagos ? 0 : 1];
}

export const pickupBranchSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  landmark: z.string(),
  city: z.string(),
  state: z.literal('Lagos'),
  country: z.literal('Nigeria'),
});
export type PickupBranch = z.infer<typeof pickupBranchSchema>;

/** The three fixed pickup branches, all in Lagos, Nigeria. */
export const PICKUP_BRANCHES: readonly PickupBranch[] = [
  {
    id: 'ikeja',
    name: 'Ikeja Branch',
    address: '15 Obafemi Awolowo Way, Alausa, Ikeja',
    landmark: 'Near Ikeja City Mall',
    city: 'Ikeja',
    state: 'Lagos',
    country: 'Nigeria',
  },
  {
    id: 'victoria-island',
    name: 'Victoria Island Branch',
    address: '23 Ozumba Mbadiwe Avenue, Victoria Island',
    landmark: 'Near The Civic Centre',
    city: 'Victoria Island',
    state: 'Lagos',
    country: 'Nigeria',
  },
  {
    id: 'lekki',
    name: 'Lekki Branch',
    address: '10 Admiralty Way, Lekki Phase 1',
    landmark: 'Close to Lekki Phase 1 Gate',
    city: 'Lekki',
    state: 'Lagos',
    country: 'Nigeria',
  },
];

export function findPickupBranch(id: string): PickupBranch | undefined {
  return PICKUP_BRANCHES.find((branch) => branch.id === id);
}

/** The 36 states of Nigeria plus the Federal Capital Territory ('FCT'), alphabetical. */
export const NIGERIAN_STATES = [
  'Abia',
  'Adamawa',
  'Akwa Ibom',
  'Anambra',
  'Bauchi',
  'Bayelsa',
  'Benue',
  'Borno',
  'Cross River',
  'Delta',
  'Ebonyi',
  'Edo',
  'Ekiti',
  'Enugu',
  'FCT',
  'Gombe',
  'Imo',
  'Jigawa',
  'Kaduna',
  'Kano',
  'Katsina',
  'Kebbi',
  'Kogi',
  'Kwara',
  'Lagos',
  'Nasarawa',
  'Niger',
  'Ogun',
  'Ondo',
  'Osun',
  'Oyo',
  'Plateau',
  'Rivers',
  'Sokoto',
  'Taraba',
  'Yobe',
  'Zamfara',
] as const;
export type NigerianState = (typeof NIGERIAN_STATES)[number];
export const nigerianStateSchema = z.enum(NIGERIAN_STATES);
