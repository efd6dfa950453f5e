import type { Db } from '../db/database.js';
import type { Row } from '../db/schema.js';
import { randomId } from '../lib/crypto.js';
import type { Mail, MailLog, Mailer, MailTransport } from '../lib/mailer.js';
import { settleDelivery } from '../repositories/messages.js';
import { claimDueMail, deleteQueuedMail, failQueuedMail, insertQueuedMail, retryQueuedMail } from '../repositories/mail-queue.js';

export interface MailQueueOptions {
  /** The waits before the 1st, 2nd, … retry; the last one repeats. */
  retryDelaysMs?: readonly number[];
  /** A mail still failing this long after it was queued is given up on (logged as an error). */
  giveUpAfterMs?: number;
  /** How often the worker looks for due mail. */
  pollMs?: number;
  /** How long a claim on a mail lasts: longer than one delivery can take (SMTP timeouts are 30 s). */
  claimMs?: number;
  /** The queue's clock (real time; not the app's test clock, so retries fall due). */
  now?: () => Date;
}

const MINUTE = 60_000;
export const DEFAULT_MAIL_QUEUE: Required<Omit<MailQueueOptions, 'now'>> = {
  retryDelaysMs: [10_000, 30_000, 2 * MINUTE, 10 * MINUTE, 30 * MINUTE, 60 * MINUTE],
  giveUpAfterMs: 24 * 60 * MINUTE,
  pollMs: 5_000,
  claimMs: 5 * MINUTE,
};

interface StoredAttachment {
  filename: string;
  contentType: string;
  cid?: string;
  /** base64 */
  content: string;
}

interface StoredMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: StoredAttachment[];
  headers?: Record<string, string>;
  deliveryId?: string;
}

function serialise(mail: Mail): string {
  const stored: StoredMail = {
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: mail.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, cid: a.cid, content: a.content.toString('base64') })),
    headers: mail.headers,
    deliveryId: mail.deliveryId,
  };
  return JSON.stringify(stored);
}

function deserialise(payload: string): Mail {
  const stored = JSON.parse(payload) as StoredMail;
  return {
    to: stored.to,
    subject: stored.subject,
    text: stored.text,
    html: stored.html,
    attachments: stored.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, cid: a.cid, content: Buffer.from(a.content, 'base64') })),
    headers: stored.headers,
    deliveryId: stored.deliveryId,
  };
}

const quiet: MailLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

export interface MailQueue extends Mailer {
  /** Delivers every mail due now (what one tick of the worker does). */
  drain(): Promise<void>;
}

/**
 * app.mailer: every mail is stored in mail_queue first and then tried at once; a failed attempt is
 * retried with backoff by the worker (start/stop, tied to the app's life), which also picks up what
 * a previous process left. send() resolves once the mail is stored and its first attempt is over,
 * whatever that attempt's outcome: a queued mail is not lost. It rejects only when the mail could not
 * be stored.
 */
export function mailQueue(db: Db, transport: MailTransport, options: MailQueueOptions = {}): MailQueue {
  const opts = { ...DEFAULT_MAIL_QUEUE, ...options };
  const now = options.now ?? (() => new Date());
  let log = quiet;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let stopped = false;
  let ticking: Promise<void> | undefined;
  const inFlight = new Set<Promise<void>>();

  const track = (work: Promise<void>): Promise<void> => {
    inFlight.add(work);
    return work.finally(() => inFlight.delete(work));
  };

  async function attempt(row: Pick<Row<'mail_queue'>, 'id' | 'attempts' | 'created_at'>, mail: Mail): Promise<void> {
    try {
      await transport.deliver(mail);
    } catch (err) {
      const attempts = row.attempts + 1;
      const error = err instanceof Error ? err.message : String(err);
      const at = now();
      if (at.getTime() - row.created_at.getTime() >= opts.giveUpAfterMs) {
        await failQueuedMail(db, row.id, attempts, at, error);
        if (mail.deliveryId) await settleDelivery(db, mail.deliveryId, 'failed', at);
        log.error({ err, mailId: row.id, attempts }, 'gave up delivering a mail');
        return;
      }
      const delays = opts.retryDelaysMs;
      const wait = delays[Math.min(attempts - 1, delays.length - 1)] ?? opts.pollMs;
      await retryQueuedMail(db, row.id, attempts, new Date(at.getTime() + wait), error);
      log.warn({ err, mailId: row.id, attempts, retryInMs: wait }, 'could not deliver a mail; it stays queued');
      return;
    }
    await deleteQueuedMail(db, row.id);
    if (mail.deliveryId) await settleDelivery(db, mail.deliveryId, 'sent', now());
  }

  async function drain(): Promise<void> {
    while (!stopped) {
      const at = now();
      const row = await claimDueMail(db, at, new Date(at.getTime() + opts.claimMs));
      if (!row) return;
      let mail: Mail;
      try {
        mail = deserialise(row.payload);
      } catch (err) {
        await failQueuedMail(db, row.id, row.attempts, at, 'unreadable payload');
        log.error({ err, mailId: row.id }, 'gave up a queued mail that cannot be read');
        continue;
      }
      await attempt(row, mail);
    }
  }

  function schedule(): void {
    if (!running) return;
    timer = setTimeout(() => {
      ticking = drain()
        .catch((err: unknown) => log.error({ err }, 'the mail queue could not be read'))
        .finally(() => {
          ticking = undefined;
          schedule();
        });
    }, opts.pollMs);
    timer.unref();
  }

  return {
    kind: transport.kind,
    async send(mail) {
      const at = now();
      const row = { id: randomId(), attempts: 0, created_at: at };
      // Claimed by this process for its first attempt, so the worker does not take it meanwhile.
      await insertQueuedMail(db, {
        ...row,
        to_address: mail.to,
        subject: mail.subject,
        payload: serialise(mail),
        next_attempt_at: at,
        locked_until: new Date(at.getTime() + opts.claimMs),
      });
      await track(attempt(row, mail).catch((err: unknown) => log.error({ err, mailId: row.id }, 'could not record a mail attempt')));
    },
    start(logger) {
      log = logger;
      stopped = false;
      if (transport.kind === 'outbox') {
        log.warn({ outbox: '/dev/outbox' }, 'DEV ONLY: no SMTP_URL is set, so mail is kept in the dev outbox (/dev/outbox) and nobody receives it');
      }
      running = true;
      // Picks up at once what a previous process left, then every pollMs.
      ticking = drain()
        .catch((err: unknown) => log.error({ err }, 'the mail queue could not be read'))
        .finally(() => {
          ticking = undefined;
          schedule();
        });
    },
    async stop() {
      running = false;
      stopped = true;
      if (timer) clearTimeout(timer);
      await ticking;
      await Promise.all([...inFlight]);
    },
    drain,
  };
}
