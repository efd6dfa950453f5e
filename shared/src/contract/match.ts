import type { Call } from './core.js';

/**
 * Which call a request is: its method, and its concrete path (no query, as the upstream's router sees
 * it) against the call's path, each `:name` segment standing for one non-empty segment. The gateway
 * and the web's test network match requests with this, so all read a path the same way.
 */

type Callish = Pick<Call, 'method' | 'path'>;

const patterns = new Map<string, RegExp>();

/** The pattern of the concrete paths a call's path stands for. */
export function pathPattern(path: string): RegExp {
  let pattern = patterns.get(path);
  if (!pattern) {
    const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]+/g, '[^/]+');
    pattern = new RegExp(`^${escaped}$`);
    patterns.set(path, pattern);
  }
  return pattern;
}

/** Whether a request (method, concrete path) is a call of `call`. */
export function isCallOf(call: Callish, method: string, path: string): boolean {
  return call.method === method && pathPattern(call.path).test(path);
}

/** The first of `calls` a request (method, concrete path) is a call of. */
export function findCall<C extends Callish>(calls: readonly C[], method: string, path: string): C | undefined {
  return calls.find((call) => isCallOf(call, method, path));
}
