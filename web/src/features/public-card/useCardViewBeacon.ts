import { useEffect } from 'react';
import { countView, dropSourceFromAddress, viewSource } from './card-counts.js';

/** The cards whose view this page load has counted: a re-render or a return to the page counts nothing more. */
const counted = new Set<string>();

/**
 * Counts one view of the card `link` once it has loaded (never on the server, which runs no effects),
 * by the address's `source`, then takes the source out of the address.
 */
export function useCardViewBeacon(link: string | null, loaded: boolean, source: string | null): void {
  useEffect(() => {
    if (!link || !loaded) return;
    if (!counted.has(link)) {
      counted.add(link);
      countView(link, viewSource(source));
    }
    dropSourceFromAddress();
  }, [link, loaded, source]);
}
