import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CARD_SOURCE_PARAM } from '@tapcard/shared/pages';
import { countView, dropSourceFromAddress, viewSource } from './card-counts.js';

/** The cards whose view this page load has counted: a re-render or a return to the page counts nothing more. */
const counted = new Set<string>();

/**
 * Counts one view of the card `link` once it has loaded (never on the server, which runs no effects),
 * by the source in the address, then takes the source out of the address.
 */
export function useCardViewBeacon(link: string | null, loaded: boolean): void {
  const [search] = useSearchParams();
  const source = search.get(CARD_SOURCE_PARAM);
  useEffect(() => {
    if (!link || !loaded) return;
    if (!counted.has(link)) {
      counted.add(link);
      countView(link, viewSource(source));
    }
    dropSourceFromAddress();
  }, [link, loaded, source]);
}
