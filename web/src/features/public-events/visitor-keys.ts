import type { calls } from '@tapcard/shared/contract';
import { callKeys } from '../../lib/call-key.js';

/**
 * The keys of the reads the server render fills for the light visitor pages: the keys of api.ts's
 * queries, made without loading the contract's schemas or the query library (the visitor tests seed
 * the server's cache with api.ts's own queries, so the two cannot differ unnoticed).
 */
const key = callKeys<typeof calls>();

export const publicEventKey = (id: string) => key('publicEvent', { params: { id } });
export const openEventKey = (cleanName: string) => key('openEvent', { query: { id: cleanName } });
export const cardEventsKey = (link: string) => key('cardEvents', { query: { link } });
