import { z } from 'zod';
import type { CallAccess } from './access.js';
import type { WrittenKind } from './write-through.js';

/**
 * What every upstream call is made of, and the small schemas the areas' calls share. The calls
 * themselves live in one module per area (accounts.ts, events-organiser.ts, door.ts, ...); `calls`
 * (calls.ts) gathers the areas that every page ships.
 */

export type Method = 'GET' | 'POST' | 'DELETE';
/** none: public; bearer: the user's `token_type access_token`; optional: sent when present; service: the gateway's key. */
export type Auth = 'none' | 'bearer' | 'optional' | 'service';

export interface Call {
  readonly method: Method;
  readonly path: string;
  readonly auth: Auth;
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  /** Request headers the call reads (lower-case names), checked like the rest of the input. */
  readonly headers?: z.ZodObject;
  /** JSON body, or the text fields of a multipart body when `multipart` is set. */
  readonly body?: z.ZodType;
  /**
   * Names of the file parts of a multipart body. A multipart call is an upload: the gateway gives it
   * the upload's body limit and timeout.
   */
  readonly multipart?: readonly string[];
  /** The answer's schema, or 'vcard' / 'html' for a text answer. */
  readonly answer: z.ZodType | 'vcard' | 'html';
  /**
   * How the call changes an event's live state; absent: it never does. The gateway derives what it
   * watches from this, and the upstream's tests refuse a call that changes live state without saying so.
   */
  readonly live?: LiveChange;
  /**
   * What the call does to one event, and how its caller is known; absent: it acts on no single event
   * or anyone may make it. The upstream lets the call run only when its access policy allows the
   * caller's role at the event this action.
   */
  readonly access?: CallAccess;
}

/**
 * A change of an event's live state: what its live views show (its chats, attendees and check-ins,
 * chips, moderation, the event itself). The upstream stamps such a change with the event's next change
 * number, which the gateway's poll of the event reads.
 */
export interface LiveChange {
  /**
   * 'poke': the answer names the event (`data.event_id`), and the gateway wakes the event's live views
   * as it passes the answer on; 'poll': the views see the change at the event's next regular poll.
   */
  readonly wakes: 'poke' | 'poll';
  /** The answer carries the stored chat message of this kind, which the gateway emits without a poll. */
  readonly message?: WrittenKind;
}

/** An object type written out flat, as `call()` infers a call written whole. */
export type Flat<T> = { readonly [K in keyof T]: T[K] };

/** Keeps a call's literal type (its path, method and schemas) while checking it is a Call. */
export function call<const C extends Call>(c: C): C {
  return c;
}

/**
 * An area's calls as factories, one per call, not yet built: `lazyCalls` builds each on first use.
 * Records are gathered by spreading them (the factories are not run); never spread a built object.
 */
export type CallFactories = Record<string, () => Call>;

/**
 * The calls, each built on first use: a page that makes two calls does not construct the schemas of
 * all fifty when the contract is imported (that was a fifth of a visitor page's script time).
 * A built call is kept, so every use sees the same schemas; enumerating the object builds them all.
 */
export function lazyCalls<const T extends CallFactories>(factories: T): { readonly [K in keyof T]: ReturnType<T[K]> } {
  const built = {} as { [K in keyof T]: ReturnType<T[K]> };
  for (const key of Object.keys(factories) as (keyof T)[]) {
    Object.defineProperty(built, key, {
      enumerable: true,
      configurable: true,
      get() {
        const value = factories[key]!() as ReturnType<T[typeof key]>;
        Object.defineProperty(built, key, { value, enumerable: true, writable: false, configurable: false });
        return value;
      },
    });
  }
  return built;
}

/** A record's id, as paths and bodies carry it. */
export const id = z.string().min(1).max(128);
export const idParam = z.object({ id });
/**
 * The signed-in owner's calls about one of their own records, which `params` names (a contact, a
 * card): each call adds its method, path and schemas.
 */
export function ownerCallsOn<const P extends z.ZodObject>(params: P) {
  return <const C extends Omit<Call, 'auth' | 'params'>>(c: C): Flat<C & { auth: 'bearer'; params: P }> => ({ auth: 'bearer', params, ...c }) as never;
}
/** A physical card as its tap address names it. */
export const cardIdentity = z.object({ card_id: id, type: z.string().min(1).max(32) });
/** A public card's link (its clean name). */
export const linkQuery = z.object({ link: z.string().min(1).max(200) });

/** Fills `:name` segments of a path; each value is URI-encoded. */
export function buildPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}

/** What a call's JSON body takes (the client's input type; see client.ts for the whole input). */
export type Body<C extends Call> = C['body'] extends z.ZodType ? z.input<C['body']> : never;
