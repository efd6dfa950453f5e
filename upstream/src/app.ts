import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { MAX_UPLOAD_BYTES } from '@tapcard/shared/constants';
import { upstreamPages } from '@tapcard/shared/contract';
import { serverTimeoutOptions } from '@tapcard/shared/net';
import type { UpstreamConfig } from './config.js';
import { ping, type Db } from './db/database.js';
import type { MovableClock } from './lib/clock.js';
import type { Mailer } from './lib/mailer.js';
import type { PaymentProvider } from './domain/payments.js';
import { answerSerializerCompiler } from './lib/route.js';
import type { Sleep } from './lib/throttle.js';
import access from './access/plugin.js';
import auth from './plugins/auth.js';
import cacheControl from './plugins/cache-control.js';
import context from './plugins/context.js';
import errors from './plugins/errors.js';
import jobs from './plugins/jobs.js';
import jsonBody from './plugins/json-body.js';
import liveChanges, { type LiveChangesOptions } from './plugins/live-changes.js';
import textInput from './plugins/text-input.js';
import accountsRoutes from './routes/accounts.js';
import attendeesRoutes from './routes/attendees.js';
import cardsRoutes from './routes/cards.js';
import contactsRoutes from './routes/contacts.js';
import devRoutes from './routes/dev.js';
import eventsRoutes from './routes/events.js';
import clockControlRoutes from './routes/clock-control.js';
import localCommandRoutes from './routes/local-commands.js';
import ownerCardRoutes from './routes/owner-card.js';
import sessionsRoutes from './routes/sessions.js';
import shopRoutes from './routes/shop.js';
import socialSignInRoutes from './routes/social-sign-in.js';
import uploadsRoutes from './routes/uploads.js';

export interface AppOptions {
  config: UpstreamConfig;
  db: Db;
  mailer: Mailer;
  payments: PaymentProvider;
  now?: () => Date;
  /** With config.clockControl: the clock `now` reads, which POST /local/clock moves (TEST ONLY). */
  movableClock?: MovableClock;
  /** How throttles wait out their delays (default: a timer). */
  sleep?: Sleep;
  /**
   * Fail a request whose live change its call does not declare (plugins/live-changes.ts); the tests'
   * upstream holds every call to it.
   */
  checkLiveChanges?: LiveChangesOptions;
}

/**
 * The whole upstream as one Fastify plugin: server.ts and the tests register it. Not encapsulated, so
 * its decorators (db, config, payments, …) are visible to whoever registers it.
 */
export const upstreamApp = fp<AppOptions>(async function upstreamApp(app: FastifyInstance, opts: AppOptions): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler);
  await app.register(errors);
  await app.register(jsonBody);
  await app.register(textInput);
  await app.register(cacheControl);
  await app.register(context, { config: opts.config, db: opts.db, mailer: opts.mailer, payments: opts.payments, now: opts.now ?? (() => new Date()), sleep: opts.sleep });
  await app.register(jobs);
  await app.register(auth);
  await app.register(access);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, fieldSize: 100_000 } });
  if (opts.checkLiveChanges) await app.register(liveChanges, opts.checkLiveChanges);

  app.get(upstreamPages.health, async () => {
    await ping(app.db);
    return { success: 'true', message: 'ok' };
  });

  await app.register(accountsRoutes);
  await app.register(sessionsRoutes);
  await app.register(socialSignInRoutes);
  await app.register(cardsRoutes);
  await app.register(ownerCardRoutes);
  await app.register(contactsRoutes);
  await app.register(uploadsRoutes);
  await app.register(eventsRoutes);
  await app.register(attendeesRoutes);
  await app.register(shopRoutes);
  await app.register(devRoutes);
  await app.register(localCommandRoutes);
  if (opts.config.clockControl && opts.movableClock) await app.register(clockControlRoutes, { clock: opts.movableClock });
}, { name: 'upstream' });

/** A Fastify instance with the upstream registered and ready. */
export async function buildApp(opts: AppOptions, server: FastifyServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: 1024 * 1024,
    // Only the configured proxies (the gateways) are trusted to say who the client is.
    trustProxy: opts.config.trustProxy.length > 0 ? opts.config.trustProxy : false,
    // A request's headers, and the whole request, must arrive in time: a client trickling them is closed.
    ...serverTimeoutOptions(opts.config.timeouts),
    ...server,
  });
  await app.register(upstreamApp, opts);
  await app.ready();
  return app;
}
