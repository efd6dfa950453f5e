import type { beaconCalls, CallInput } from '@tapcard/shared/contract';
import { CARD_BEACON_PATHS } from '@tapcard/shared/pages';
import { API_BASE } from '../../lib/image.js';

type Body<C extends typeof beaconCalls.cardView | typeof beaconCalls.linkClick> = CallInput<C>['body'];

/**
 * Sends a count and forgets it: a beacon when the browser has one (it outlives the page), else a
 * keepalive fetch. A count that cannot be sent is lost, never the visitor's problem.
 */
function send(url: string, body: object): void {
  const json = JSON.stringify(body);
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, new Blob([json], { type: 'application/json' }))) return;
  } catch {
    // Some browsers refuse a beacon they cannot queue (or one from a blocked context); fetch may still go.
  }
  try {
    void fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: json, keepalive: true, credentials: 'omit' }).catch(() => {});
  } catch {
    // No way to send it.
  }
}

// The calls' paths under the browser's API base, without the app's API client or the contract's
// schemas: a count sent from a light visitor page loads nothing more.
export function sendCardView(body: Body<typeof beaconCalls.cardView>): void {
  send(`${API_BASE}${CARD_BEACON_PATHS.cardView}`, body);
}

export function sendLinkClick(body: Body<typeof beaconCalls.linkClick>): void {
  send(`${API_BASE}${CARD_BEACON_PATHS.linkClick}`, body);
}
