import { logRedaction, requestForLog } from '@tapcard/shared/contract';
import { PRETTY_LOG_OPTIONS } from '@tapcard/shared/net';
import pretty from 'pino-pretty';
import { buildApp } from './app.js';
import { movableClock } from './lib/clock.js';
import { ConfigError, readConfig } from './config.js';
import { openConfiguredDatabase } from './db/database.js';
import { outboxTransport, smtpTransport } from './lib/mailer.js';
import { mailQueue } from './mail/queue.js';
import { createPaymentProvider } from './domain/payment-providers.js';
import { startUploadSweeper } from './lib/upload-sweeper.js';
import { formatDemoSummary, seedDemo } from './seed.js';

// The only file that listens. Reads the configuration once, migrates, seeds an empty database with
// the demo, and serves until SIGINT/SIGTERM.
async function main(): Promise<void> {
  const config = readConfig();
  const { db, kind, close } = await openConfiguredDatabase(config);
  const demo = config.seedDemo ? await seedDemo(db, config) : null;
  // Every mail is queued in the database and delivered through SMTP, or, DEV ONLY without SMTP_URL,
  // kept in the dev outbox (/dev/outbox) so a newcomer's `pnpm start` works without a mail server.
  const mailer = mailQueue(config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : outboxTransport(db));
  const clock = config.clockControl ? movableClock() : undefined;
  const now = clock?.now ?? (() => new Date());
  const payments = createPaymentProvider(config.payments, { db, publicApiBase: `${config.publicUrl}/api`, now });
  const app = await buildApp(
    { config, db, mailer, payments, now, movableClock: clock },
    // Logs never show a credential: not in a request's URL, nor in a line's fields (shared/src/contract/secrets.ts).
    // Readable lines on a terminal, JSON otherwise (LOG_FORMAT).
    {
      logger: { level: config.logLevel, serializers: { req: requestForLog }, redact: logRedaction, ...(config.prettyLogs ? { stream: pretty(PRETTY_LOG_OPTIONS) } : {}) },
    },
  );
  const sweeper = startUploadSweeper({ db, dir: config.uploadDir, now, log: app.log });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping');
    await sweeper.stop();
    await app.close();
    await close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info({ database: kind, mail: mailer.kind, payments: payments.name, dataDir: config.dataDir }, 'upstream ready');
  if (config.payments.provider === 'test') {
    app.log.warn('TEST ONLY: PAYMENT_PROVIDER=test, so buyers approve or decline their own payments on the built-in test page; set PAYMENT_PROVIDER=paystack to take real payments');
  }
  if (clock) app.log.warn('TEST ONLY: CLOCK_CONTROL=on, so a caller on this machine holding the service key can move the clock forward (POST /local/clock)');
  if (demo) app.log.info(`${demo.seeded ? 'Seeded the demo' : 'The demo'} (see the README):\n${formatDemoSummary(demo.summary)}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
