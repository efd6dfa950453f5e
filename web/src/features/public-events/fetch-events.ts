import { calls } from '@tapcard/shared/contract';
import { api, apiOrThrow } from '../../lib/api.js';

// The public event pages' data through the app's API client, as the app's queries ask for it: what a
// light page fetches when the server could not load it; and the one write every event page offers,
// "Lost your ticket?", loaded with its form. No router or query layer: the light pages have neither.

export async function fetchCardEvents(link: string, signal?: AbortSignal) {
  return (await apiOrThrow(calls.cardEvents, { query: { link }, signal })).data;
}

export async function fetchPublicEvent(id: string, signal?: AbortSignal) {
  return (await apiOrThrow(calls.publicEvent, { params: { id }, signal })).data;
}

export async function fetchOpenEvent(cleanName: string, signal?: AbortSignal) {
  return (await apiOrThrow(calls.openEvent, { query: { id: cleanName }, signal })).data.event;
}

/** "Lost your ticket?": mails the tickets `email` holds for the event again (the answer never says whether it does). */
export function recoverTicket(eventId: string, email: string) {
  return api(calls.recoverTicket, { params: { id: eventId }, body: { email } });
}
