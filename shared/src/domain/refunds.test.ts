import { describe, expect, it } from 'vitest';
import { cancelOutcomeText, cancelRefundOutcome, formatInEventZone, refundDeadline, refundPolicyText, refundWindowOpen } from './refunds.js';

const START = '2026-12-12T18:00+01:00';

describe('refund policy', () => {
  it('refunds until refund_hours before the start, and never under no-refund', () => {
    const policy = { start_date: START, refund_policy: 'before_start' as const, refund_hours: 48 };
    expect(refundDeadline(policy)?.toISOString()).toBe('2026-12-10T17:00:00.000Z');
    expect(refundWindowOpen(policy, new Date('2026-12-10T16:59:59.999Z'))).toBe(true);
    expect(refundWindowOpen(policy, new Date('2026-12-10T17:00:00.000Z'))).toBe(false);
    expect(refundDeadline({ start_date: START, refund_policy: 'none', refund_hours: 48 })).toBeNull();
    expect(refundWindowOpen({ start_date: START, refund_policy: 'none' }, new Date('2020-01-01'))).toBe(false);
    expect(refundDeadline({ start_date: 'not a date', refund_policy: 'before_start', refund_hours: 1 })).toBeNull();
  });

  it("says the deadline in the event's time zone (the offset its start was written with)", () => {
    expect(formatInEventZone(new Date('2026-12-10T17:00:00Z'), START)).toBe('Thu, 10 Dec 2026, 18:00 (UTC+01:00)');
    expect(formatInEventZone(new Date('2026-12-10T17:00:00Z'), '2026-12-12T09:00-05:30')).toBe('Thu, 10 Dec 2026, 11:30 (UTC-05:30)');
    expect(refundPolicyText({ start_date: START, refund_policy: 'before_start', refund_hours: 48 })).toBe('Full refund until Thu, 10 Dec 2026, 18:00 (UTC+01:00). No refund after that.');
    expect(refundPolicyText({ start_date: START, refund_policy: 'none' })).toBe('No refunds: a cancelled ticket is not refunded.');
  });

  it("words a cancel's outcome: full refund, refunds over, no refunds, or a free ticket", () => {
    const policy = { start_date: START, refund_policy: 'before_start' as const, refund_hours: 48 };
    expect(cancelOutcomeText(policy, 15_000, new Date('2026-12-01'))).toBe('Your payment of NGN 15,000 will be refunded in full to the card you paid with.');
    expect(cancelOutcomeText(policy, 15_000, new Date('2026-12-11'))).toBe('No refund: refunds ended on Thu, 10 Dec 2026, 18:00 (UTC+01:00). Your seat goes back on sale.');
    expect(cancelOutcomeText({ ...policy, refund_policy: 'none' }, 15_000, new Date('2026-12-01'))).toBe('No refund: this event does not refund cancelled tickets. Your seat goes back on sale.');
    expect(cancelOutcomeText(policy, 0, new Date('2026-12-01'))).toBe('This ticket was free, so there is nothing to refund.');
  });

  it("names a cancel's outcome as the server decides and mails it", () => {
    const policy = { start_date: START, refund_policy: 'before_start' as const, refund_hours: 48 };
    expect(cancelRefundOutcome(policy, 15_000, new Date('2026-12-01'))).toBe('refund');
    expect(cancelRefundOutcome(policy, 15_000, new Date('2026-12-11'))).toBe('window_closed');
    expect(cancelRefundOutcome({ ...policy, refund_policy: 'none' }, 15_000, new Date('2026-12-01'))).toBe('no_refunds');
    expect(cancelRefundOutcome(policy, 0, new Date('2026-12-01'))).toBe('free');
  });
});
