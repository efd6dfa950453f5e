import { calls } from './calls.js';
import type { Call } from './core.js';
import { doorCalls } from './door.js';
import { arenaSafetyCalls } from './arena-safety.js';
import { historyCalls } from './history.js';
import { moderationCalls } from './moderation.js';
import { serviceCalls } from './service.js';
import { beaconCalls, ownerCardCalls } from './owner-card.js';
import { ticketHolderCalls } from './ticket-holder.js';

/**
 * Every call of the contract, from each of its groups (`calls`, which every page ships, and the groups
 * only some pages or only servers use), for checks that must cover all of them. Enumerating builds them all.
 */
export function everyCall(): [name: string, call: Call][] {
  return [...Object.entries(calls), ...Object.entries(doorCalls), ...Object.entries(historyCalls), ...Object.entries(arenaSafetyCalls), ...Object.entries(moderationCalls), ...Object.entries(serviceCalls), ...Object.entries(ownerCardCalls), ...Object.entries(beaconCalls), ...Object.entries(ticketHolderCalls)];
}
