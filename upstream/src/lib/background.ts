import type { FastifyInstance } from 'fastify';

/**
 * A runner of work that goes on after the answer: a failure is logged as `failure`, and the app waits for
 * the work still running when it closes.
 */
export function inBackgroundOf(app: FastifyInstance, failure: string): (work: () => Promise<void>) => void {
  const pending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
  });
  return (work) => {
    const running: Promise<void> = work()
      .catch((err: unknown) => app.log.error({ err }, failure))
      .finally(() => pending.delete(running));
    pending.add(running);
  };
}
