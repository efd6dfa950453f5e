import type { Call, CallInput } from '@tapcard/shared/contract';

/**
 * The query key of a contract call: `[name, input]`, the call's name in its group of the contract and
 * the part of its input that says what it reads (path parameters, query, body), with an optional third
 * part for a read asked again as of something the call does not take (the live view's version). So
 * `[name]` matches every cached read of that call, and `[name, { params: { id } }]` every read of one
 * event whatever its query or version (TanStack matches a key's objects by their listed fields).
 *
 * This module imports no schema and no query library: the light visitor pages find the server's
 * answer by the same key. Queries themselves are made by `callQuery` (call-query.ts).
 */

/** A group of contract calls (`calls`, `doorCalls`…): names to calls. */
export type CallGroup = { readonly [name: string]: Call };

/** What a call's cached read is keyed by: its input less the request's own options. */
export type ReadInput<C extends Call> = Omit<CallInput<C>, 'authorization' | 'headers'>;

/** The input's parts in one order, absent parts left out, so equal inputs give equal keys (the server's answer is found by its JSON). */
function keyInput(input: { params?: unknown; query?: unknown; body?: unknown }): Record<string, unknown> {
  const parts: Record<string, unknown> = {};
  if (input.params !== undefined) parts.params = input.params;
  if (input.query !== undefined) parts.query = input.query;
  if (input.body !== undefined) parts.body = input.body;
  return parts;
}

/** The key of call `name` read with `input`, as of `asOf` when given. */
export function callKey(name: string, input: { params?: unknown; query?: unknown; body?: unknown } = {}, asOf?: unknown): readonly unknown[] {
  return asOf === undefined ? [name, keyInput(input)] : [name, keyInput(input), asOf];
}

/**
 * The keys of one call group, typed by its calls, for code that must not load the group's schemas (a
 * visitor page names it by type only: `callKeys<typeof calls>()`).
 */
export function callKeys<G extends CallGroup>() {
  return <N extends keyof G & string>(name: N, input?: ReadInput<G[N]>, asOf?: unknown): readonly unknown[] => callKey(name, input, asOf);
}

/** Whether a cached query's key is a read of one of the calls `names` (whatever its input). */
export function isCallQuery(queryKey: readonly unknown[], names: readonly string[]): boolean {
  return typeof queryKey[0] === 'string' && names.includes(queryKey[0]);
}
