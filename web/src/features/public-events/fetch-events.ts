import { calls } from '@tapcard/shared/contract';
import { apiOrThrow } from '../../lib/api.js';

// The public event pages' data through the app's API client, as the app's queries ask for it: what a
// light page fetches when the server could not load it.

export async function fetchCardEvents(link: string, signal?: AbortSignal) {
  return (await apiOrThrow(calls.cardEvents, { query: { link }, signal })).data;
}

export async function fetchPublicEvent(id: string, signal?: AbortSignal) {
  return (await apiOrThrow(calls.publicEvent, { params: { id }, signal })).data;
}

export async function fetchOpenEvent(cleanName: string, signal?: AbortSignal) {
  return (await apiOrThrow(calls.openEvent, { query: { id: cleanName }, signal })).data.event;
}
