import { calls } from '@tapcard/shared/contract';
import { apiOrThrow } from '../../lib/api.js';

/** The public card of `link` (connect-vcard), through the app's API client, as the app's query asks it. */
export async function fetchPublicCard(link: string, signal?: AbortSignal) {
  return (await apiOrThrow(calls.connectVcard, { query: { link }, signal })).data;
}
