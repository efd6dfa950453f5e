import type { DataTag } from '@tanstack/react-query';
import type { Call, LooseInput, Success } from '@tapcard/shared/contract';
import { api, apiOrThrow, type ApiOptions, type ApiResult } from './api.js';
import { callKey, type CallGroup, type ReadInput } from './call-key.js';

/**
 * The one way the web reads a contract call into the query cache: the query's key and its fetch are
 * made from the same call and input, so they cannot drift apart. A feature's api.ts builds its queries
 * on this; a component uses those and never writes a key or calls `api()` itself.
 */

type Send = (call: Call, input: LooseInput & ApiOptions) => Promise<unknown>;
const send = apiOrThrow as Send;
const sendForResult = api as Send;

/** A query's key and fetch, to spread into useQuery (or fetchQuery…) beside the page's own options; the key is typed with the data. */
export interface CallQuery<T> {
  queryKey: DataTag<readonly unknown[], T, Error>;
  queryFn: (context: { signal: AbortSignal }) => Promise<T>;
}

export interface CallQueryOptions<A, T> {
  /**
   * The part of the answer the cache keeps instead of the whole answer. One call and input is cached
   * in one shape, so a feature reads a call through one query of its api.ts.
   */
  pick?: (answer: A) => T;
  /** A value the read is asked again for when it changes, though the call does not take it (the live view's version). */
  asOf?: unknown;
  /** Background reads never leave the page on a network failure (the page offers its own retry). */
  background?: boolean;
}

/**
 * The query of call `group[name]` (only that call's schemas are built) with `input`: its key is
 * `callKey(name, input, asOf)` (call-key.ts says how families of keys match), its fetch the call through
 * `api()`, failing with ApiError on a refusal.
 */
export function callQuery<G extends CallGroup, N extends keyof G & string, T = Success<G[N]>>(
  group: G,
  name: N,
  input: ReadInput<G[N]>,
  options: CallQueryOptions<Success<G[N]>, T> = {},
): CallQuery<T> {
  const { pick, asOf, background } = options;
  return {
    queryKey: callKey(name, input, asOf) as DataTag<readonly unknown[], T, Error>,
    queryFn: async ({ signal }) => {
      const answer = (await send(group[name] as Call, { ...(input as LooseInput), signal, ...(background ? { background } : {}) })) as Success<G[N]>;
      return pick ? pick(answer) : (answer as unknown as T);
    },
  };
}

/**
 * The same read kept as the whole result, a refusal included (a page that says each refusal in its own
 * words, as the sign-in callback does): the query never fails on the call's answer. It is sent without
 * the query's abort signal, so a page that unmounts and mounts again (React's strict mode) does not send
 * a one-time code twice.
 */
export function callResultQuery<G extends CallGroup, N extends keyof G & string>(group: G, name: N, input: ReadInput<G[N]>): CallQuery<ApiResult<G[N]>> {
  return {
    queryKey: callKey(name, input) as DataTag<readonly unknown[], ApiResult<G[N]>, Error>,
    queryFn: () => sendForResult(group[name] as Call, input as LooseInput) as Promise<ApiResult<G[N]>>,
  };
}
