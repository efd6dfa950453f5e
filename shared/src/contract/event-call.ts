import { z } from 'zod';
import type { EventAction } from './access.js';
import { id, idParam, type Call, type Flat } from './core.js';
import { tidParam } from './credential.js';
import { wireData } from './envelope.js';

/**
 * The two kinds of call about one event whose caller the path names, each written once: an organiser's
 * (signed in, the event's id in the path) and an attendee's (the access token in the path). A call
 * gives its action, and the helper adds how its caller is known, its path parameters and its access.
 */

/** What a call gives beside its action: everything but its caller and access. */
type OrganiserCallFields = Omit<Call, 'auth' | 'access'>;
type AttendeeCallFields = Omit<Call, 'auth' | 'access' | 'params'> & { readonly auth?: 'optional' };

/**
 * A signed-in organiser's call about one of their events, the path's `:id` (`params` may name more
 * segments beside it): the upstream runs it only when the caller's role at that event allows `action`.
 */
export function organiserCall<const A extends EventAction, const C extends OrganiserCallFields>(
  action: A,
  c: C,
): Flat<Omit<C, 'params'> & { auth: 'bearer'; access: { readonly action: A }; params: C extends { readonly params: infer P } ? P : typeof idParam }> {
  return { auth: 'bearer', access: { action }, params: idParam, ...c } as never;
}

/**
 * An attendee's call, by the access token (tid) in the path's `:id`: the event is the ticket's. No
 * account is needed; `auth: 'optional'` lets a card owner's token come along.
 */
export function attendeeCall<const A extends EventAction, const C extends AttendeeCallFields>(
  action: A,
  c: C,
): Flat<Omit<C, 'auth'> & { auth: C extends { readonly auth: infer X } ? X : 'none'; access: { readonly action: A; readonly from: 'ticket' }; params: typeof tidParam }> {
  return { auth: 'none', access: { action, from: 'ticket' }, params: tidParam, ...c } as never;
}

/**
 * The answer of a call about one event whose data names the event (`data.event_id`, which a 'poke'
 * call's answer must carry), beside what `shape` adds.
 */
export function eventAnswer<const S extends z.ZodRawShape>(shape: S) {
  return wireData(z.object({ event_id: id, ...shape }));
}
