import { z } from 'zod';
import { PermanentFailure, type JobQueue, type JobType } from '../jobs/queue.js';
import type { Db } from '../db/database.js';
import type { DeliverySettled, Mail, MailLog, Mailer, MailTransport } from '../lib/mailer.js';

export interface MailQueueOptions {
  /** The wait before the first retry, in whole seconds; each later one doubles (with jitter). */
  retryDelaySeconds?: number;
  /** How many retries at most; the give-up time below usually comes first. */
  retryLimit?: number;
  /** A mail still failing this long after it was queued is given up on (logged as an error). */
  giveUpAfterMs?: number;
  /**
   * How long the sender's own first attempt holds the mail before the queue may try it: longer than one
   * delivery can take (SMTP timeouts are 30 s each), so the two never send it both.
   */
  firstAttemptSeconds?: number;
}

const MINUTE = 60_000;
export const DEFAULT_MAIL_QUEUE: Required<MailQueueOptions> = {
  // 10 s, 20 s, 40 s, … doubling (each up to twice that with jitter): 14 retries reach past a day.
  retryDelaySeconds: 10,
  retryLimit: 14,
  giveUpAfterMs: 24 * 60 * MINUTE,
  firstAttemptSeconds: 2 * 60,
};

/** A mail as the job stores it: attachments' bytes in base64. */
const storedMail = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), cid: z.string().optional(), content: z.base64() })).optional(),
  headers: z.record(z.string(), z.string()).optional(),
  deliveryId: z.string().optional(),
});
type StoredMail = z.infer<typeof storedMail>;

function toStored(mail: Mail): StoredMail {
  return {
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    ...(mail.html !== undefined ? { html: mail.html } : {}),
    ...(mail.attachments ? { attachments: mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, ...(a.cid ? { cid: a.cid } : {}), content: a.content.toString('base64') })) } : {}),
    ...(mail.headers ? { headers: mail.headers } : {}),
    ...(mail.deliveryId ? { deliveryId: mail.deliveryId } : {}),
  };
}

function fromStored(stored: StoredMail): Mail {
  return {
    to: stored.to,
    subject: stored.subject,
    text: stored.text,
    ...(stored.html !== undefined ? { html: stored.html } : {}),
    ...(stored.attachments ? { attachments: stored.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, ...(a.cid ? { cid: a.cid } : {}), content: Buffer.from(a.content, 'base64') })) } : {}),
    ...(stored.headers ? { headers: stored.headers } : {}),
    ...(stored.deliveryId ? { deliveryId: stored.deliveryId } : {}),
  };
}

/** The job queue's name for mail to deliver. */
export const MAIL_JOB = 'mail.deliver';

/**
 * app.mailer: every mail is a job on the app's job queue (jobs/queue.ts), stored first (held for the
 * sender's attempt) and then tried at once by the sender. Delivered, the job is deleted; a failed first
 * attempt leaves it to the queue after the first retry delay. The queue retries it with back-off (from
 * any upstream, after a restart too) and gives up a day after it was stored (logged as an error; the
 * job is kept, failed, a week). send() resolves once the mail is
 * stored and its first attempt is over, whatever that attempt's outcome; it rejects only when the mail
 * could not be stored.
 */
export function mailQueue(transport: MailTransport, options: MailQueueOptions = {}): Mailer {
  const opts = { ...DEFAULT_MAIL_QUEUE, ...options };
  let log: MailLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
  let queue: JobQueue | undefined;
  let job: JobType<typeof storedMail> | undefined;
  let settled: DeliverySettled = async () => undefined;
  // A mail sent for an organiser's message records its outcome on that message's delivery; a failure
  // to record it must not make a delivered mail look undelivered (and be sent again).
  const settle = (mail: Pick<Mail, 'deliveryId'>, outcome: 'sent' | 'failed') =>
    mail.deliveryId ? settled(mail.deliveryId, outcome).catch((err: unknown) => log.error({ err, deliveryId: mail.deliveryId }, 'could not record a delivery')) : undefined;

  /** Stores the mail held for the sender's own attempt (the queue may try it once the hold ends): its job's id. */
  const hold = async (mail: Mail, within?: Db): Promise<string> => {
    if (!queue || !job) throw new Error('the mailer is not attached to a job queue');
    const id = await job.send(toStored(mail), { startAfter: new Date(Date.now() + opts.firstAttemptSeconds * 1000), ...(within ? { within } : {}) });
    if (!id) throw new Error('the mail could not be queued');
    return id;
  };
  /** The sender's own attempt at a held mail: delivered, its job is deleted; failed, the queue may retry it after the first delay. */
  const attempt = async (mail: Mail, id: string): Promise<void> => {
    if (!queue || !job) throw new Error('the mailer is not attached to a job queue');
    const sending = job;
    await queue.track(
      (async () => {
        try {
          await transport.deliver(mail);
        } catch (err) {
          log.warn({ err, mailId: id }, 'could not deliver a mail; it stays queued');
          await sending.reschedule(id, new Date(Date.now() + opts.retryDelaySeconds * 1000));
          return;
        }
        await sending.remove(id);
        await settle(mail, 'sent');
      })().catch((err: unknown) => log.error({ err, mailId: id }, 'could not record a mail attempt')),
    );
  };

  return {
    kind: transport.kind,
    attach(jobs, logger, onSettled) {
      queue = jobs;
      log = logger;
      if (onSettled) settled = onSettled;
      if (transport.kind === 'outbox') {
        log.warn({ outbox: '/dev/outbox' }, 'DEV ONLY: no SMTP_URL is set, so mail is kept in the dev outbox (/dev/outbox) and nobody receives it');
      }
      job = jobs.define({
        name: MAIL_JOB,
        payload: storedMail,
        retry: { limit: opts.retryLimit, delaySeconds: opts.retryDelaySeconds, backoff: true },
        // Five mails of at most 3 SMTP timeouts (30 s) each, one after the other, fit in the time a run may take.
        batchSize: 5,
        timeoutSeconds: 10 * 60,
        async run(stored, run) {
          try {
            await transport.deliver(fromStored(stored));
          } catch (err) {
            if (Date.now() - run.createdOn.getTime() >= opts.giveUpAfterMs) {
              log.error({ err, mailId: run.id, retries: run.retryCount }, 'gave up delivering a mail');
              await settle(stored, 'failed');
              throw new PermanentFailure(err);
            }
            log.warn({ err, mailId: run.id, retries: run.retryCount }, 'could not deliver a mail; it stays queued');
            throw err;
          }
          await settle(stored, 'sent');
        },
      });
    },
    async store(mail, within) {
      if (!job) throw new Error('the mailer is not attached to a job queue');
      if (!(await job.send(toStored(mail), { within }))) throw new Error('the mail could not be queued');
    },
    async hold(mail, within) {
      const id = await hold(mail, within);
      return () => attempt(mail, id);
    },
    async send(mail) {
      await attempt(mail, await hold(mail));
    },
  };
}
