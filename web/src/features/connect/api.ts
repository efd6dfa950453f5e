import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { calls, type OwnerCard, type SaveCardPayload } from '@tapcard/shared/contract';
import { api, apiOrThrow } from '../../lib/api.js';
import { callKey } from '../../lib/call-key.js';
import { callQuery } from '../../lib/call-query.js';
import { writeDashboardData } from '../../lib/session.js';

/** The owner's page's calls: the card as a query, its writes as mutations and functions. */

/** The owner's card (get-card), cached as its data; saving the card writes its answer here. */
export const ownerCardQuery = () => callQuery(calls, 'getCard', {}, { pick: (answer) => answer.data });
/** The owner's card's key, for the writes that show their change at once. */
export const ownerCardKey = ownerCardQuery().queryKey;

/** The owner's card (get-card), loaded on mount; its name, description and image also feed the dashboard cache. */
export function useOwnerCard() {
  const query = useQuery(ownerCardQuery());
  const card = query.data?.card;
  useEffect(() => {
    if (card) writeDashboardData({ name: card.title, description: card.description, image: card.profile });
  }, [card]);
  return query;
}

/** The save-card payload of a card, with some values changed. */
export function savePayload(card: OwnerCard, patch: Partial<SaveCardPayload> = {}): SaveCardPayload {
  return {
    image: card.card.profile,
    title: card.card.title,
    description: card.card.description,
    sub_title: card.card.sub_title,
    fields: card.fields,
    ...patch,
  };
}

/**
 * Saves the whole card (save-card with every field), one save after the other in the order made: two
 * quick changes (Move down pressed twice) must reach the server in that order. Only the last save's
 * answer replaces the cached card; an earlier one would undo a later change already on screen.
 */
export function useSaveCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['saveCard'],
    scope: { id: 'saveCard' },
    mutationFn: (payload: SaveCardPayload) => apiOrThrow(calls.saveCard, { body: payload }).then((answer) => answer.data),
    onSuccess: (card) => {
      if (queryClient.isMutating({ mutationKey: ['saveCard'] }) <= 1) queryClient.setQueryData(ownerCardKey, card);
      // The account goes by its card's name, photo and description: the profile read before the save is
      // forgotten, so the dashboard shows the saved card (its cache above) until it has read it again.
      queryClient.removeQueries({ queryKey: callKey('userProfile') });
    },
  });
}

/** Adds a service (its image and fields as a multipart form). */
export const addService = (cardId: string, form: FormData) => api(calls.addService, { params: { cardId }, form });
export const deleteService = (id: string) => api(calls.deleteService, { params: { id } });
