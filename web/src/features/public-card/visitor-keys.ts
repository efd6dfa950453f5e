import type { calls } from '@tapcard/shared/contract';
import { callKeys } from '../../lib/call-key.js';

/**
 * The key of the card the server render fills for the light visitor pages: api.ts's query's key, made
 * without loading the contract's schemas or the query library (the visitor tests seed the server's
 * cache with api.ts's own query, so the two cannot differ unnoticed).
 */
export const publicCardKey = (link: string) => callKeys<typeof calls>()('connectVcard', { query: { link } });
