import type { DehydratedState } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { PublicCard } from '@tapcard/shared/contract';
import { queryKeys } from '../../lib/query-keys.js';
import { serverAnswer } from '../../lib/ssr.js';

/**
 * The card of a visitor page, as the server rendered it: the page only shows it, so the server's answer
 * is trusted as it is (no schema is loaded for it). When the server could not load it, the browser asks
 * once through the app's API client, fetched then.
 */
export function useVisitorCard(link: string | null, state: DehydratedState | undefined): { card: PublicCard | undefined; failed: boolean } {
  const [card, setCard] = useState(() => (link ? serverAnswer<{ data: PublicCard }>(state, queryKeys.connectVcard(link))?.data : undefined));
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!link || card) return;
    const controller = new AbortController();
    import('./fetch-card.js')
      .then(({ fetchPublicCard }) => fetchPublicCard(link, controller.signal))
      .then(setCard, () => !controller.signal.aborted && setFailed(true));
    return () => controller.abort();
  }, [link, card]);
  return { card, failed };
}
