import type { DehydratedState } from '@tanstack/react-query';
import type { PublicCard } from '@tapcard/shared/contract';
import { useServerAnswer } from '../../lib/server-answer.js';
import { publicCardKey } from './visitor-keys.js';

/**
 * The card of a visitor page, as the server rendered it (no schema is loaded for it). When the server
 * could not load it, the browser asks once through the app's API client, fetched then.
 */
export function useVisitorCard(link: string | null, state: DehydratedState | undefined): { card: PublicCard | undefined; failed: boolean } {
  const { data, failed } = useServerAnswer(
    state,
    link ? publicCardKey(link) : null,
    (answer: { data: PublicCard }) => answer.data,
    (signal) => import('./fetch-card.js').then(({ fetchPublicCard }) => fetchPublicCard(link ?? '', signal)),
  );
  return { card: data, failed };
}
