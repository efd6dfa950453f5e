import { calls } from '@tapcard/shared/contract';
import { callResultQuery } from '../../lib/call-query.js';

/**
 * The landing's reads in the app. The pre-order form's send is in components/preorder-send.ts, loaded on
 * the form's first focus: the light visitor entry that renders the landing ships no contract schemas.
 */

/** Where a tapped card leads (load-route), kept as the whole result: the page says each failure its own way. */
export function loadRouteQuery(id: string, type: string) {
  return callResultQuery(calls, 'loadRoute', { body: { card_id: id, type } });
}
