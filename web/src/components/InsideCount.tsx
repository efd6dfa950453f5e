import type { InsideCount } from '@tapcard/shared/domain';

/**
 * The words of the "inside" count (insideCount of the shared domain), the same on the door phones, the
 * organiser's attendees page and the projector: 'Inside' then '1 of 3 registered'.
 */
export const INSIDE_TEXTS = {
  label: 'Inside',
  ofRegistered: (registered: number) => `of ${registered} registered`,
};

/** '1 of 3 registered'. */
export function insideText({ inside, registered }: InsideCount): string {
  return `${inside} ${INSIDE_TEXTS.ofRegistered(registered)}`;
}
