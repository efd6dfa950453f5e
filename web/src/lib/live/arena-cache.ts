import { arenaViewSchema } from '@tapcard/shared/realtime';
import { keptById } from '../kept-by-id.js';

/**
 * The arenas' last live views on this device, by access token, so an arena opened again with no
 * network shows its history. The token is already in the browser's history, so keeping what it shows
 * adds no access; the views are cleared with the session's data and a refused token drops its view.
 */

/** How many arenas a device keeps (an attendee rarely has more than a few events at once). */
export const ARENA_VIEWS_KEPT = 3;

export const arenaViews = keptById(
  'arenaViews',
  (value) => {
    const parsed = arenaViewSchema.safeParse(value);
    return parsed.success ? parsed.data : null;
  },
  ARENA_VIEWS_KEPT,
);
