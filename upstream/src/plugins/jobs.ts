import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { JobQueue } from '../jobs/queue.js';
import { carryOverQueuedMail } from '../mail/legacy-queue.js';
import { settleDelivery } from '../repositories/messages.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue on the app's database (jobs/queue.ts); its workers run while the app does. */
    jobs: JobQueue;
  }
}

/** app.jobs, started when the app is ready and stopped (waiting for the runs under way) when it closes; the mailer's delivery job is defined on it. */
export default fp(
  async function jobs(app: FastifyInstance) {
    const queue = new JobQueue(app.db, app.config.jobs);
    app.decorate('jobs', queue);
    app.mailer.attach?.(queue, app.log, (deliveryId, outcome) => settleDelivery(app.db, deliveryId, outcome, app.now()));
    app.addHook('onReady', async () => {
      await queue.start(app.log);
      const moved = await carryOverQueuedMail(app.db, app.mailer, app.log);
      if (moved > 0) app.log.info({ moved }, 'moved the mail an earlier version left queued onto the job queue');
    });
    app.addHook('onClose', async () => queue.stop());
  },
  { name: 'jobs', dependencies: ['context'] },
);
