export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Resolves with the first value of `check` other than undefined/false, asked every `stepMs`; rejects
 * after `timeoutMs`, naming `what` was awaited.
 */
export async function waitFor<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 15_000,
  stepMs = 20,
  what = 'condition',
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await sleep(stepMs);
  }
}
