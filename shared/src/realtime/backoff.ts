/** How a retried action waits: `baseMs` before the first retry, doubled for each one after, never more than `maxMs`. */
export interface Backoff {
  baseMs: number;
  maxMs: number;
}

/**
 * The wait before retry number `attempt` (0 for the first) of an action that keeps failing. No jitter:
 * the waits are exactly these, so a test with a movable clock can tell when the next try comes.
 */
export function backoffDelay(attempt: number, { baseMs, maxMs }: Backoff): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempt), maxMs);
}
