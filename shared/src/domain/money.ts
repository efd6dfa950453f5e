import { CURRENCY } from '../constants/index.js';

/** Rounds to a whole number, halves away from zero (2.5 -> 3, -2.5 -> -3). Non-finite gives 0. */
export function roundHalfAwayFromZero(amount: number): number {
  if (!Number.isFinite(amount)) return 0;
  const rounded = Math.sign(amount) * Math.round(Math.abs(amount));
  // Math.sign(-0.2) * 0 is -0: report plain zero.
  return rounded === 0 ? 0 : rounded;
}

/**
 * A naira amount with en-US style thousands separators and no decimals: 10000 -> '10,000'.
 * Built by hand, so the result is the same in every runtime whatever its ICU data.
 * Non-finite input (NaN, Infinity) formats as '0'; negatives keep a leading minus ('-1,500').
 */
export function formatAmount(amount: number): string {
  const rounded = roundHalfAwayFromZero(amount);
  // BigInt prints every digit of large integers, where Number#toString would switch to 1e+21.
  const digits = BigInt(Math.abs(rounded)).toString();
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, ',');
  return rounded < 0 ? `-${grouped}` : grouped;
}

/** 'NGN 10,000'. A negative amount keeps its minus after the currency: 'NGN -1,500'. */
export function formatNaira(amount: number): string {
  return `${CURRENCY} ${formatAmount(amount)}`;
}
