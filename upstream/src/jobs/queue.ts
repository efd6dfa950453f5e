import { CompiledQuery, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import { z } from 'zod';
import type { Database } from '../db/schema.js';

/** Where the jobs live and how often an idle worker looks for due ones (config JOBS_SCHEMA, JOBS_POLL_SECONDS). */
export interface JobsConfig {
  schema: string;
  pollSeconds: number;
}

/** How a failed run is tried again: up to `limit` more times, `delaySeconds` apart, doubling each time with `backoff`. */
export interface RetryPolicy {
  limit: number;
  delaySeconds: number;
  backoff: boolean;
}

/** PostgreSQL's deadlock_detected. */
const DEADLOCK = '40P01';

/** Thrown by a run: the job fails now, without its remaining retries. */
export class PermanentFailure extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'PermanentFailure';
  }
}

/** What a handler learns about the run besides its payload. */
export interface JobRun {
  id: string;
  /** When the job was stored (the database's clock). */
  createdOn: Date;
  /** 0 on the first run, then 1, 2, … */
  retryCount: number;
}

export interface JobDefinition<S extends z.ZodType> {
  /** Letters, digits, `.`, `-` and `_`. */
  name: string;
  payload: S;
  /** Default: no retry. */
  retry?: RetryPolicy;
  /**
   * `stately`: at most one job of this name waits and one runs per singleton key (a send without a
   * key counts as the key ''), so a periodic job never piles up. Default `standard`: no such limit.
   */
  policy?: 'standard' | 'stately';
  /** How many due jobs a worker takes at each look (default 1); each is run and ended on its own, one after the other. */
  batchSize?: number;
  /** How long one run may take before it counts as failed (and is retried). Default 15 minutes. */
  timeoutSeconds?: number;
  /** Runs one job; throwing fails this run (retried by the policy). */
  run(payload: z.infer<S>, job: JobRun): Promise<void>;
}

export interface SendOptions {
  /** Not before this time (real time; the database's clock decides). */
  startAfter?: Date;
  /**
   * For a `stately` job: at most one job with this key waits in the queue; a send while one waits
   * stores nothing and answers null.
   */
  singletonKey?: string;
  /** Stores the job within this transaction (it exists only if the transaction commits). */
  within?: Kysely<Database>;
}

/** A defined job: what callers send. */
export interface JobType<S extends z.ZodType> {
  readonly name: string;
  /** Stores a job (the payload is checked against the schema first); its id, or null when a singleton is already queued. */
  send(payload: z.infer<S>, options?: SendOptions): Promise<string | null>;
  /** Deletes a job that has not run (or has), e.g. one whose work was done another way. */
  remove(id: string): Promise<void>;
  /** Moves a job that has not started yet to `startAfter` (earlier or later); answers whether it was still waiting. */
  reschedule(id: string, startAfter: Date): Promise<boolean>;
}

export interface JobLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const quiet: JobLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** pg-boss over our own Kysely connection: on PostgreSQL the app's pool, on PGlite its one connection (queued with every other query). */
export function kyselyExecutor(db: Kysely<Database>): { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> } {
  return {
    async executeSql(text, values = []) {
      const result = await db.executeQuery(CompiledQuery.raw(text, values));
      return { rows: [...result.rows] };
    },
  };
}

interface Defined {
  definition: JobDefinition<z.ZodType>;
  /** Its queue exists (set once the queue has started it). */
  ready?: Promise<void>;
  every?: { cron: string; payload: unknown };
}

/**
 * The app's job queue (app.jobs): pg-boss on the app's own database, so a job is stored with the data
 * it concerns, survives restarts, and runs once however many upstreams work the queue (workers claim
 * jobs with `for update skip locked`). Jobs are defined before or after start; start() creates their
 * queues and workers, stop() waits for the runs under way.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly jobs = new Map<string, Defined>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private log: JobLog = quiet;
  private started = false;
  private stopping = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly config: JobsConfig,
  ) {
    this.boss = new PgBoss({
      db: kyselyExecutor(db),
      schema: config.schema,
      // Completed and failed jobs are kept a week for whoever looks into one, then dropped.
      deleteAfterDays: 7,
    } as PgBoss.ConstructorOptions);
    this.boss.on('error', (err) => this.log.error({ err }, 'the job queue failed'));
  }

  /** Defines a job; its worker runs while the queue is started. */
  define<S extends z.ZodType>(definition: JobDefinition<S>): JobType<S> {
    if (!/^[\w.-]+$/.test(definition.name)) throw new Error(`bad job name ${definition.name}`);
    if (this.jobs.has(definition.name)) throw new Error(`job ${definition.name} is defined twice`);
    const defined: Defined = { definition: definition as unknown as JobDefinition<z.ZodType> };
    this.jobs.set(definition.name, defined);
    if (this.started) defined.ready = this.track(this.startJob(defined));
    const boss = this.boss;
    const name = definition.name;
    return {
      name,
      send: async (payload, options = {}) => {
        const data = definition.payload.parse(payload) as object;
        await defined.ready;
        const id = await boss.send(name, data, {
          ...(options.startAfter ? { startAfter: options.startAfter } : {}),
          ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
          ...(options.within ? { db: kyselyExecutor(options.within) } : {}),
        } as PgBoss.SendOptions);
        if (id === null && !options.singletonKey) throw new Error(`job ${name} was not stored (is the queue started?)`);
        return id;
      },
      remove: async (id) => {
        await boss.deleteJob(name, id);
      },
      reschedule: async (id, startAfter) => {
        // pg-boss has no call for it; its job table is documented, and a waiting job is only read by fetches.
        const result = await this.db.executeQuery(
          CompiledQuery.raw(`update ${this.config.schema}.job set start_after = $3 where name = $1 and id = $2 and state = 'created'`, [name, id, startAfter]),
        );
        return (result.numAffectedRows ?? 0n) > 0n;
      },
    };
  }

  /**
   * Sends the job `name` with `payload` on a cron schedule (UTC), once per slot whatever the number of
   * upstreams. The job must be defined.
   */
  every<S extends z.ZodType>(job: JobType<S>, cron: string, payload: z.infer<S>): void {
    const defined = this.jobs.get(job.name);
    if (!defined) throw new Error(`job ${job.name} is not defined`);
    defined.every = { cron, payload: defined.definition.payload.parse(payload) };
    if (this.started) this.track(this.boss.schedule(job.name, cron, defined.every.payload as object, { tz: 'UTC' }));
  }

  /** Defines job `name` without payload, at most one waiting and one running (`stately`), and sends it on `cron` (see every()). */
  periodic(name: string, cron: string, run: () => Promise<void>): void {
    this.every(this.define({ name, payload: z.object({}), policy: 'stately', run }), cron, {});
  }

  /** Sends a periodic job (see every()) now, beside its schedule: for whoever cannot wait for its next slot. */
  async trigger(name: string): Promise<string | null> {
    const defined = this.jobs.get(name);
    if (!defined?.every) throw new Error(`job ${name} is not periodic`);
    await defined.ready;
    return this.boss.send(name, defined.every.payload as object);
  }

  /**
   * Runs every periodic job's work once, here and now, and answers their names when all have ended:
   * for the movable clock (routes/clock-control.ts), whose moves would otherwise wait for the next
   * slot. Each job's work claims what it does atomically, so a scheduled run beside it does nothing twice.
   */
  async runPeriodicNow(): Promise<string[]> {
    const periodic = [...this.jobs.values()].filter((defined) => defined.every !== undefined);
    for (const { definition, every } of periodic) {
      await this.track(definition.run(every?.payload, { id: `now-${definition.name}`, createdOn: new Date(), retryCount: 0 }));
    }
    return periodic.map(({ definition }) => definition.name);
  }

  /** Work of the app's (a mail's first attempt, say) that stop() waits for. */
  track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work);
    return work.finally(() => this.inFlight.delete(work));
  }

  async start(log: JobLog = quiet): Promise<void> {
    this.log = log;
    await this.boss.start();
    this.started = true;
    for (const defined of this.jobs.values()) {
      defined.ready = this.startJob(defined);
      await defined.ready;
    }
  }

  async stop(): Promise<void> {
    if (!this.started || this.stopping) return;
    this.stopping = true;
    await Promise.allSettled([...this.inFlight]);
    await this.boss.stop({ graceful: true, wait: true, timeout: 30_000 });
  }

  /**
   * Creates a job's queue unless it exists. Two upstreams creating one queue at once can deadlock in
   * pg-boss's create_queue (PostgreSQL then aborts one of them): the loser tries again and finds it.
   */
  private async createQueue(name: string, options: PgBoss.Queue): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        if (await this.boss.getQueue(name)) return;
        await this.boss.createQueue(name, options);
        return;
      } catch (err) {
        if (attempt >= 5 || (err as { code?: string }).code !== DEADLOCK) throw err;
      }
    }
  }

  private async startJob({ definition, every }: Defined): Promise<void> {
    const { name, retry } = definition;
    await this.createQueue(name, {
      name,
      policy: definition.policy ?? 'standard',
      retryLimit: retry?.limit ?? 0,
      retryDelay: retry?.delaySeconds ?? 0,
      retryBackoff: retry?.backoff ?? false,
      expireInSeconds: definition.timeoutSeconds ?? 15 * 60,
    });
    // A worker takes up to `batchSize` due jobs per look and ends each one on its own (pg-boss would
    // end a batch as one: one failure would retry the others too).
    await this.boss.work(name, { pollingIntervalSeconds: this.config.pollSeconds, includeMetadata: true, batchSize: definition.batchSize ?? 1 }, async (batch) => {
      for (const job of batch) {
        const parsed = definition.payload.safeParse(job.data);
        if (!parsed.success) {
          // Retrying cannot mend it: logged and dropped.
          this.log.error({ job: name, jobId: job.id, issues: parsed.error.issues }, 'a stored job cannot be read; it is dropped');
          await this.boss.deleteJob(name, job.id);
          continue;
        }
        try {
          await definition.run(parsed.data, { id: job.id, createdOn: new Date(job.createdOn), retryCount: job.retryCount });
        } catch (err) {
          // pg-boss retries a failed run while retry_count < retry_limit: lowering the limit ends it.
          if (err instanceof PermanentFailure) {
            await this.db.executeQuery(CompiledQuery.raw(`update ${this.config.schema}.job set retry_limit = retry_count where name = $1 and id = $2`, [name, job.id]));
          }
          await this.boss.fail(name, job.id, { message: err instanceof Error ? err.message : String(err) });
          continue;
        }
        await this.boss.complete(name, job.id);
      }
    });
    if (every) await this.boss.schedule(name, every.cron, every.payload as object, { tz: 'UTC' });
  }
}
