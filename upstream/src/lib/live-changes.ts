import { AsyncLocalStorage } from 'node:async_hooks';
import type { Call } from '@tapcard/shared/contract';

/**
 * Which events' live state a request changed, for the check that every call doing so says so on the
 * contract (its `live`): the gateway wakes an event's live views only after the calls that say so.
 * Every live change goes through the event's change counter (domain/event-sequence.ts), which notes it here.
 */

const changed = new AsyncLocalStorage<Set<string>>();

/** Notes that the work in progress changed the event's live state; nothing when no one watches. */
export function noteLiveChange(eventId: string): void {
  changed.getStore()?.add(eventId);
}

/** Runs `work`, adding to `into` every event whose live state it (and what it starts) changes. */
export function watchLiveChanges<T>(into: Set<string>, work: () => T): T {
  return changed.run(into, work);
}

function eventIdOf(answer: unknown): unknown {
  const data: unknown = answer !== null && typeof answer === 'object' ? Reflect.get(answer, 'data') : undefined;
  return data !== null && typeof data === 'object' ? Reflect.get(data, 'event_id') : undefined;
}

/**
 * What is wrong with a call's answer, given the events its request changed: a call that changed live
 * state must say so; a call that says the gateway is poked must name, in a success answer, the event
 * it changed. `answer` is the parsed JSON answer (undefined for a text answer); undefined: nothing wrong.
 */
export function liveChangeProblem(name: string, call: Call, events: ReadonlySet<string>, answer: unknown): string | undefined {
  const where = `${name} (${call.method} ${call.path})`;
  if (events.size > 0 && !call.live) {
    return `${where} changed the live state of event ${[...events].join(', ')} but its call does not say so: give it \`live\` on the contract`;
  }
  if (call.live?.wakes !== 'poke' || answer === null || typeof answer !== 'object' || Reflect.get(answer, 'success') !== 'true') return undefined;
  const eventId = eventIdOf(answer);
  if (typeof eventId !== 'string') return `${where} wakes the event's live views (live.wakes 'poke') but its answer does not name the event in data.event_id`;
  if (events.size > 0 && !events.has(eventId)) return `${where} changed event ${[...events].join(', ')} but its answer names event ${eventId}`;
  return undefined;
}
