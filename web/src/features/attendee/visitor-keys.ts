import type { calls } from '@tapcard/shared/contract';
import { callKeys } from '../../lib/call-key.js';

/**
 * The key of the ticket the server render fills for the light ticket page: api.ts's eventTokenQuery's
 * key, made without loading the contract's schemas or the query library (the ticket page's test seeds
 * the server's cache with api.ts's own query, so the two cannot differ unnoticed).
 */
export const eventTokenKey = (tid: string) => callKeys<typeof calls>()('eventToken', { params: { id: tid } });

/** The key of the ticket's cancel step the server render fills beside it: api.ts's ticketCancellationQuery's key. */
export const ticketCancellationKey = (tid: string) => callKeys<typeof calls>()('ticketCancellation', { params: { id: tid } });

/** The key of the ticket's QR drawing (QrDrawn.tsx) the server render hands over beside the ticket: no call's, the server draws it. */
export const ticketQrKey = (tid: string): readonly unknown[] => ['ticketQr', tid];

/** The key of the arena's view the server render fills for the server-rendered arena (api.ts's arenaViewQuery): no call's, a view built from the event token. */
export const arenaViewKey = (tid: string) => ['arenaView', tid] as const;
