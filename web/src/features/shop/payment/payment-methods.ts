/** The pay-with methods; only Card has a form. */
export const PAYMENT_METHODS = [
  { value: 'card', label: 'Card' },
  { value: 'bank', label: 'Bank' },
  { value: 'transfer', label: 'Transfer' },
  { value: 'ussd', label: 'USSD' },
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]['value'];
