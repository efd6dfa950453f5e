import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { UpstreamConfig } from '../config.js';
import type { Db } from '../db/database.js';
import type { Mailer } from '../lib/mailer.js';
import type { PaymentProvider } from '../domain/payments.js';
import { DeviceCredentials } from '../lib/device-credential.js';
import { realSleep, Throttle, type Sleep } from '../lib/throttle.js';

export interface ContextOptions {
  config: UpstreamConfig;
  db: Db;
  mailer: Mailer;
  payments: PaymentProvider;
  /** The clock; tests move it. */
  now: () => Date;
  /** How throttles wait out their delays; tests pass one that records instead of waiting. */
  sleep?: Sleep;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: UpstreamConfig;
    db: Db;
    mailer: Mailer;
    payments: PaymentProvider;
    now: () => Date;
    throttle: Throttle;
    /** Device credentials (the cookie a device keeps for what it proved before; lib/device-credential.ts). */
    devices: DeviceCredentials;
  }
}

/** What every route needs, as decorators: configuration, database, mailer, clock, throttle and device credentials. */
export default fp<ContextOptions>(
  async function context(app: FastifyInstance, opts) {
    app.decorate('config', opts.config);
    app.decorate('db', opts.db);
    app.decorate('mailer', opts.mailer);
    app.decorate('payments', opts.payments);
    app.decorate('now', opts.now);
    app.decorate('throttle', new Throttle(opts.db, opts.now, opts.sleep ?? realSleep));
    // Keyed from the service key every upstream of one product shares, so any of them reads any entry.
    app.decorate('devices', new DeviceCredentials(opts.config.serviceKey, opts.now));
  },
  { name: 'context' },
);
