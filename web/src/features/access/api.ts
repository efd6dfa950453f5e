import { useQuery } from '@tanstack/react-query';
import { calls, type Body } from '@tapcard/shared/contract';
import { ApiError, api } from '../../lib/api.js';
import { callQuery, callResultQuery } from '../../lib/call-query.js';

/** The sign-in pages' calls: their reads as queries, their writes as functions that return the call's result. */

export const login = (values: Body<typeof calls.login>) => api(calls.login, { body: values });
export const forgotPassword = (values: Body<typeof calls.forgotPassword>) => api(calls.forgotPassword, { body: values });
export const resetPassword = (values: Body<typeof calls.resetPassword>) => api(calls.resetPassword, { body: values });
/** Where the provider's sign-in starts, for the card the query names (`id`, `type`). */
export const signInWithLogin = (card: { id?: string; type?: string }) => api(calls.signInWithLogin, { query: card });
export const confirmToken = (input: Body<typeof calls.confirmToken>) => api(calls.confirmToken, { body: input });
export const addDevice = (input: Body<typeof calls.addDevice>) => api(calls.addDevice, { body: input });

/** The social sign-in callback's answer, once per callback query (its code and state are one-time). */
export function googleLoginQuery(query: Record<string, string>) {
  return callResultQuery(calls, 'googleLogin', { query });
}

/** The provider's name when social sign-in is configured on the server; null otherwise (or while unknown). */
export function useSocialProvider(): string | null {
  const provider = useQuery({
    ...callQuery(calls, 'socialProvider', {}, { background: true }),
    staleTime: Infinity,
    retry: false,
    select: (answer) => answer.data.name,
  });
  return provider.data ?? null;
}

/** The physical card a query's `id` names (confirm-card-id), so a screen can show not-found for an unknown one. */
export function useCardIdentity(cardId: string | null) {
  return useQuery({
    ...callQuery(calls, 'confirmCardId', { body: { card_id: cardId ?? '' } }),
    enabled: cardId !== null && cardId !== '',
    staleTime: Infinity,
    select: (answer) => answer.data.info,
  });
}

/** True when the server says the card id does not exist (or is not a card id at all). */
export function isUnknownCard(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'failure' && (error.status === 404 || error.status === 400);
}
