import type { InsideCount as Count } from '@tapcard/shared/domain';

/**
 * The words of the checked-in count (insideCount of the shared domain), the same on the door phones,
 * the organiser's attendees page and the projector: 'Checked in' then '1 / 85 tickets', the spec's
 * 'checked-in attendees / total stock'. A total not heard yet (a door phone's first offline start)
 * shows as '…'.
 */
export const INSIDE_TEXTS = {
  label: 'Checked in',
  ofTotal: (total: number | null) => `/ ${total ?? '…'} tickets`,
  spoken: (checkedIn: number, total: number | null) => (total === null ? `${checkedIn} checked in` : `${checkedIn} checked in of ${total} tickets`),
};

/** '1 / 85 tickets'. */
export function insideText({ checkedIn, total }: Count): string {
  return `${checkedIn} ${INSIDE_TEXTS.ofTotal(total)}`;
}

interface Props {
  count: Count;
  /** The test id of the figures ('1 / 85 tickets'); the number alone carries `${testId}-now`. */
  testId: string;
  className?: string;
  labelClassName?: string;
  valueClassName?: string;
  numberClassName?: string;
  totalClassName?: string;
}

/**
 * The labelled count, 'Checked in 1 / 85 tickets', as one polite live region named in words ('1 checked
 * in of 85 tickets'), so a screen reader never reads a bare '1 / 85'.
 */
export function InsideCount({ count, testId, className, labelClassName, valueClassName, numberClassName, totalClassName }: Props) {
  return (
    <p className={className} role="status" aria-label={INSIDE_TEXTS.spoken(count.checkedIn, count.total)}>
      <span className={labelClassName}>{INSIDE_TEXTS.label}</span>{' '}
      <span className={valueClassName} data-testid={testId}>
        <span className={numberClassName} data-testid={`${testId}-now`}>
          {count.checkedIn}
        </span>{' '}
        <span className={totalClassName}>{INSIDE_TEXTS.ofTotal(count.total)}</span>
      </span>
    </p>
  );
}
