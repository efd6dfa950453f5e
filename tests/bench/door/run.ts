import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { calls, doorCalls } from '@tapcard/shared/contract';
import { testEnv } from '../../support/env.js';
import { benchRedis, parseRunArgs, runBench } from '../../support/run-args.js';
import { send } from '../../support/event-setup.js';
import { sleep, waitFor } from '@tapcard/testkit/wait';
import { builtServersExist, killChildren } from '../../support/processes.js';
import type { RunMode } from '../../support/processes.js';
import { preciseNow } from '../../support/realtime-client.js';
import { STACK_ENVIRONMENT_HELP, startStack } from '../../support/stack.js';
import type { Stack } from '../../support/stack.js';
import { distribution } from '../../support/stats.js';
import { LiveScreen } from './live-screen.js';
import { DoorPhone, openDoor } from './phone.js';
import type { ScanResult } from './phone.js';
import { planDoor, spread } from './plan.js';
import type { DoorPlan } from './plan.js';

/**
 * `pnpm bench:door [options]` — staff phones admit an event's attendees through two gateways and
 * Redis, one phone offline for a while; the organiser's screen measures scan-to-count latency, and
 * the upstream is asked at the end what was counted. See README.md beside this file.
 */

const HELP = `Usage: pnpm bench:door [options]
  --attendees <n>        confirmed attendees, all admitted (default 1000)
  --phones <n>           door phones, the last one goes offline (default 5)
  --offline-seconds <s>  how long the offline phone is away (default 60)
  --scan-min-ms <ms>     shortest pause before a phone's next scan (default 150)
  --scan-max-ms <ms>     longest pause (default 300)
  --overlaps <n>         tickets an online phone admits and the offline phone admits too (default 20)
  --lost-answers <n>     offline scans sent twice with one client id, as after a lost answer (default 10)
  --sync-concurrency <n> requests in flight while the offline phone syncs (default 4)
  --mode <m>             source (default: tsx on the servers' sources) | dist (node <pkg>/dist/server.js)
  --no-write             do not write results/*.json
Environment: ${STACK_ENVIRONMENT_HELP}`;

const values = parseRunArgs(HELP, {
  attendees: { type: 'string', default: '1000' },
  phones: { type: 'string', default: '5' },
  'offline-seconds': { type: 'string', default: '60' },
  'scan-min-ms': { type: 'string', default: '150' },
  'scan-max-ms': { type: 'string', default: '300' },
  overlaps: { type: 'string', default: '20' },
  'lost-answers': { type: 'string', default: '10' },
  'sync-concurrency': { type: 'string', default: '4' },
  mode: { type: 'string', default: 'source' },
});

const num = (name: keyof typeof values): number => {
  const raw = values[name];
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a number (got ${String(raw)})`);
  return n;
};
const o = {
  attendees: num('attendees'),
  phones: num('phones'),
  offlineMs: num('offline-seconds') * 1000,
  scanMinMs: num('scan-min-ms'),
  scanMaxMs: num('scan-max-ms'),
  overlaps: num('overlaps'),
  lostAnswers: num('lost-answers'),
  syncConcurrency: Math.max(1, num('sync-concurrency')),
};
const mode = values.mode as RunMode;
if (mode !== 'dist' && mode !== 'source') throw new Error('--mode must be source or dist');
if (mode === 'dist' && !builtServersExist()) throw new Error('Build the servers first: pnpm exec tsc -b shared upstream gateway (or use --mode source)');

/** How long the screens may take to show the last check-ins before the run gives up on them. */
const CONVERGE_LIMIT_MS = 30_000;
const here = fileURLToPath(new URL('.', import.meta.url));
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const gapMs = () => o.scanMinMs + Math.random() * (o.scanMaxMs - o.scanMinMs);
const round = (v: number) => Math.round(v);

process.on('exit', killChildren);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

async function attendeesOf(stack: Stack) {
  const answer = await send(stack.upstream.url, calls.adminEvent, { params: { id: stack.event.eventId }, authorization: stack.event.authorization });
  if (answer.success !== 'true') throw new Error(`admin event: ${JSON.stringify(answer).slice(0, 300)}`);
  return answer.data.attendees;
}

async function conflictsListed(stack: Stack): Promise<number> {
  const answer = await send(stack.upstream.url, doorCalls.listDoorConflicts, { params: { id: stack.event.eventId }, authorization: stack.event.authorization });
  if (answer.success !== 'true') throw new Error(`door conflicts: ${JSON.stringify(answer).slice(0, 300)}`);
  return answer.data.conflicts.length;
}

/** Admitted answers beyond one per attendee (distinct client ids only: a retry repeats its first answer). */
function doubleCounts(results: readonly ScanResult[]): number {
  const admitted = new Map<string, Set<string>>();
  for (const r of results) {
    if (r.answer?.outcome !== 'admitted') continue;
    const set = admitted.get(r.scan.attendeeId) ?? new Set<string>();
    set.add(r.scan.clientId);
    admitted.set(r.scan.attendeeId, set);
  }
  let extra = 0;
  for (const set of admitted.values()) extra += set.size - 1;
  return extra;
}

/** Client ids sent more than once whose answers differ (or failed). */
function retriesNotIdentical(results: readonly ScanResult[]): { repeated: number; differing: number } {
  const byClient = new Map<string, ScanResult[]>();
  for (const r of results) byClient.set(r.scan.clientId, [...(byClient.get(r.scan.clientId) ?? []), r]);
  let repeated = 0;
  let differing = 0;
  for (const list of byClient.values()) {
    if (list.length < 2) continue;
    repeated += 1;
    const first = JSON.stringify(list[0]?.answer ?? null);
    if (list.some((r) => !r.answer || JSON.stringify(r.answer) !== first)) differing += 1;
  }
  return { repeated, differing };
}

async function bench(stack: Stack, setupMs: number) {
  const gateways = stack.gateways.map((g) => g.url);
  const attendees = await attendeesOf(stack);
  const ids = attendees.map((a) => a.id);
  if (ids.length !== o.attendees) throw new Error(`expected ${o.attendees} attendees, the organiser sees ${ids.length}`);
  const plan = planDoor(ids, o.phones, o.overlaps);

  const doorsBegan = Date.now();
  const doors = [];
  for (let p = 0; p < o.phones; p += 1) doors.push(await openDoor(stack.upstream.url, stack.event, `Gate ${p + 1}`));
  const phones = doors.map((door, p) => new DoorPhone(p, door, gateways));
  log(`${o.phones} staff links created and opened in ${Date.now() - doorsBegan} ms`);

  // One organiser screen on each gateway: a scan is timed on the screen of the other gateway.
  const organiser = gateways.map(
    (url) => new LiveScreen({ url, origin: stack.origin, subscription: { kind: 'organiser', eventId: stack.event.eventId, authorization: stack.event.authorization } }),
  );
  const opened: LiveScreen[] = [...organiser];
  try {
    await Promise.all(organiser.map((s) => s.start()));
    log(`organiser screens subscribed on ${gateways.join(', ')}`);
    const doorScreen = async (phone: DoorPhone): Promise<LiveScreen | string> => {
      const screen = new LiveScreen({ url: gateways[(phone.index + 1) % gateways.length] ?? '', origin: stack.origin, subscription: { kind: 'door', eventId: stack.event.eventId, session: phone.door.session } });
      opened.push(screen);
      return screen.start().then(
        () => screen,
        (err: unknown) => (err instanceof Error ? err.message : String(err)),
      );
    };
    return await measure(stack, plan, phones, organiser, doorScreen, setupMs);
  } finally {
    for (const screen of opened) screen.close();
  }
}

/** Latency from each scan's request to `screen` first showing its attendee checked in; scans it never showed are counted apart. */
function shownLatency(scans: readonly ScanResult[], screenOf: (r: ScanResult) => readonly LiveScreen[]) {
  const samples: number[] = [];
  let notShown = 0;
  for (const r of scans) {
    for (const screen of screenOf(r)) {
      const at = screen.shownAt.get(r.scan.attendeeId);
      if (at === undefined) notShown += 1;
      else samples.push(at - r.sentAt);
    }
  }
  return { ...distribution(samples), notShown };
}

const screenStats = (s: LiveScreen) => ({ count: s.count, gaps: s.gaps, invalid: s.invalid, reconnects: s.reconnects, perGate: s.perGate() });

async function measure(
  stack: Stack,
  plan: DoorPlan,
  phones: DoorPhone[],
  organiser: LiveScreen[],
  doorScreen: (phone: DoorPhone) => Promise<LiveScreen | string>,
  setupMs: number,
) {
  const offlinePhone = phones[plan.offline] as DoorPhone;
  const online = phones.filter((p) => p !== offlinePhone);
  // The online phones' door pages, live (the door subscription); a refusal is reported, not fatal.
  const onlineDoors = await Promise.all(online.map(doorScreen));
  const doorErrors = onlineDoors.filter((d): d is string => typeof d === 'string');
  const doorOf = new Map<number, LiveScreen>();
  onlineDoors.forEach((d, i) => typeof d !== 'string' && doorOf.set(online[i]?.index ?? -1, d));
  const staffScreens = [...doorOf.values()];

  const began = preciseNow();
  log(`phones 1–${online.length} scan online (${o.scanMinMs}–${o.scanMaxMs} ms apart); phone ${plan.offline + 1} is offline for ${o.offlineMs / 1000} s`);
  const onlineDone = Promise.all(online.map((phone) => phone.scanOnline(plan.shares[phone.index] ?? [], gapMs))).then(() => preciseNow());
  const unscanned = await offlinePhone.scanOffline(plan.shares[plan.offline] ?? [], gapMs, Date.now() + o.offlineMs);
  const queued = offlinePhone.queue.length;
  await sleep(Math.max(0, began + o.offlineMs - preciseNow()));

  const reconnectAt = preciseNow();
  const lostAnswers = new Set(spread(offlinePhone.queue, o.lostAnswers).map((s) => s.clientId));
  log(`phone ${plan.offline + 1} back online with ${queued} queued scans; syncing (${o.syncConcurrency} at a time, ${lostAnswers.size} answers lost and sent again)`);
  // Back online, the phone opens its live door view while it sends its queue.
  const [ownDoor] = await Promise.all([doorScreen(offlinePhone), offlinePhone.sync(o.syncConcurrency, lostAnswers)]);
  const syncedAt = preciseNow();
  // A short offline period leaves part of its line: the phone scans the rest online.
  await offlinePhone.scanOnline(unscanned, gapMs);
  const onlineEnded = await onlineDone;
  if (typeof ownDoor === 'string') doorErrors.push(ownDoor);
  else staffScreens.push(ownDoor);

  const expected = o.attendees;
  const everyScreen = [...organiser, ...staffScreens];
  await waitFor(() => everyScreen.every((s) => s.count >= expected), CONVERGE_LIMIT_MS, 20, 'every screen at the full count').catch(() => undefined);
  const results = phones.flatMap((p) => p.results);
  const admitted = results.filter((r) => !r.retry && r.answer?.outcome === 'admitted');
  const onlineAdmitted = admitted.filter((r) => r.scan.scannedAt === undefined);
  const syncAdmitted = admitted.filter((r) => r.scan.scannedAt !== undefined);
  // Converged: the screens show every check-in admitted up to the end of the sync (every one, when the
  // online phones had finished before the reconnect).
  const upToSync = admitted.filter((r) => r.answeredAt <= syncedAt).map((r) => r.scan.attendeeId);
  const convergedOn = (screens: readonly LiveScreen[]) => Math.max(...screens.flatMap((s) => upToSync.map((id) => s.shownAt.get(id) ?? NaN)));
  const convergedAt = convergedOn(organiser);
  const ownDoorAt = typeof ownDoor === 'string' ? NaN : convergedOn([ownDoor]);
  const otherGateway = (r: ScanResult) => [organiser[(r.gateway + 1) % organiser.length] as LiveScreen];
  const sameGateway = (r: ScanResult) => [organiser[r.gateway] as LiveScreen];
  const otherPhones = (r: ScanResult) => [...doorOf].filter(([phone]) => phone !== r.phone).map(([, screen]) => screen);
  const answerMs = distribution(results.filter((r) => r.scan.scannedAt === undefined && r.answer).map((r) => r.answeredAt - r.sentAt));
  const syncAnswerMs = distribution(offlinePhone.results.filter((r) => r.answer).map((r) => r.answeredAt - r.sentAt));

  // What the upstream counted.
  const final = await attendeesOf(stack);
  const counted = final.filter((a) => a.checked_in).length;
  const listed = await conflictsListed(stack);
  const outcomes: Record<string, number> = {};
  for (const r of results) if (!r.retry) outcomes[r.answer?.outcome ?? 'error'] = (outcomes[r.answer?.outcome ?? 'error'] ?? 0) + 1;
  const retries = retriesNotIdentical(results);
  const conflictAnswers = offlinePhone.results.filter((r) => !r.retry && r.answer?.outcome === 'conflict').length;
  const errors = results.filter((r) => r.error).map((r) => r.error);
  // Overlaps the offline phone reached only once back online are answered 'already', not conflicts.
  const queuedIds = new Set(offlinePhone.queue.map((q) => q.attendeeId));
  const queuedOverlaps = plan.overlaps.filter((id) => queuedIds.has(id)).length;
  const expectedPerGate = Object.fromEntries(phones.map((p) => [p.door.gate, (plan.shares[p.index]?.length ?? 0) - (p === offlinePhone ? plan.overlaps.length : 0)]));
  const ms = (v: number) => (Number.isFinite(v) ? round(v) : null);

  return {
    options: { ...o, mode },
    setupMs: round(setupMs),
    attendees: expected,
    phones: o.phones,
    requests: results.length,
    outcomes,
    errors: { count: errors.length, first: errors.slice(0, 5) },
    onlinePhase: { scans: online.reduce((n, p) => n + p.results.length, 0), seconds: round((onlineEnded - began) / 100) / 10 },
    scanToCountMs: {
      organiserOtherGateway: shownLatency(onlineAdmitted, otherGateway),
      organiserSameGateway: shownLatency(onlineAdmitted, sameGateway),
      otherOnlineDoorPhones: doorOf.size > 1 ? shownLatency(onlineAdmitted, otherPhones) : null,
      offlinePhoneSyncedScansOnOrganiser: shownLatency(syncAdmitted, otherGateway),
    },
    checkInAnswerMs: { online: answerMs, sync: syncAnswerMs },
    offline: {
      phone: plan.offline + 1,
      awayMs: round(reconnectAt - began),
      queued,
      syncMs: round(syncedAt - reconnectAt),
      unscannedWhenBack: unscanned.length,
      reconnectToConvergenceMs: ms(convergedAt - reconnectAt),
      lastSyncAnswerToConvergenceMs: ms(convergedAt - syncedAt),
      reconnectToOwnDoorViewFullMs: ms(ownDoorAt - reconnectAt),
      onlinePhonesStillScanningAtReconnect: onlineEnded > reconnectAt,
    },
    lost: expected - counted,
    counted,
    doubleCounts: doubleCounts(results),
    conflicts: { deliberate: queuedOverlaps, overlapsScannedOnlineByTheOfflinePhone: plan.overlaps.length - queuedOverlaps, answered: conflictAnswers, listedForOrganiser: listed },
    retries: { sent: lostAnswers.size, repeatedClientIds: retries.repeated, notIdentical: retries.differing },
    perGate: { expected: expectedPerGate, organiserScreen: organiser[0]?.perGate() ?? {} },
    screens: { organiser: organiser.map(screenStats), doorPhones: staffScreens.map(screenStats), doorSubscriptionErrors: doorErrors },
  };
}

type Result = Awaited<ReturnType<typeof measure>>;

const mark = (ok: boolean) => (ok ? 'PASS' : 'MISS');
const ms = (v: number | null) => (v === null || !Number.isFinite(v) ? 'n/a' : `${v} ms`);

function table(r: Result): string {
  const d = r.scanToCountMs.organiserOtherGateway;
  const same = r.scanToCountMs.organiserSameGateway;
  const doors = r.scanToCountMs.otherOnlineDoorPhones;
  const synced = r.scanToCountMs.offlinePhoneSyncedScansOnOrganiser;
  const pair = (a: { p50: number; p99: number }) => `${ms(a.p50)} / ${ms(a.p99)}`;
  const gates = Object.keys(r.perGate.expected);
  const gatesMatch = gates.every((g) => r.perGate.organiserScreen[g] === r.perGate.expected[g]);
  const rows: string[][] = [
    ['', 'measured', 'target', ''],
    ['scan-to-count p50 (organiser screen, other gateway)', ms(d.p50), '', ''],
    ['scan-to-count p95', ms(d.p95), '', ''],
    ['scan-to-count p99', ms(d.p99), '<= 1000 ms', mark(d.p99 <= 1000)],
    ['scan-to-count max', ms(d.max), '', ''],
    ['  online admitted scans timed / never shown', `${d.count} / ${d.notShown}`, '', ''],
    ['  same-gateway organiser screen p50 / p99', pair(same), '', ''],
    ['  other online phones\' door views p50 / p99', doors ? `${pair(doors)} (${doors.count} pairs, never shown ${doors.notShown})` : 'not measured', '', ''],
    ['  check-in answered at the phone p50 / p99', pair(r.checkInAnswerMs.online), '', ''],
    ['check-ins lost (attendees - counted by upstream)', `${r.lost} (${r.counted} of ${r.attendees})`, '0', mark(r.lost === 0)],
    ['double counts', String(r.doubleCounts), '0', mark(r.doubleCounts === 0)],
    ['conflicts answered / listed / deliberate', `${r.conflicts.answered} / ${r.conflicts.listedForOrganiser} / ${r.conflicts.deliberate}`, 'equal', mark(r.conflicts.answered === r.conflicts.deliberate && r.conflicts.listedForOrganiser === r.conflicts.deliberate)],
    ['retries with one client id, answered differently', `${r.retries.notIdentical} of ${r.retries.repeatedClientIds}`, '0', mark(r.retries.notIdentical === 0 && r.retries.repeatedClientIds === r.retries.sent)],
    ['per-gate counts on the organiser screen', gates.map((g) => `${r.perGate.organiserScreen[g] ?? 0}`).join('/'), gates.map((g) => `${r.perGate.expected[g]}`).join('/'), mark(gatesMatch)],
    [`offline phone ${r.offline.phone}: away / queued / left to scan online`, `${ms(r.offline.awayMs)} / ${r.offline.queued} / ${r.offline.unscannedWhenBack}`, '', ''],
    ['  sync (queue sent, every answer back)', ms(r.offline.syncMs), '', ''],
    ['  reconnect to convergence (both organiser screens show all admitted)', ms(r.offline.reconnectToConvergenceMs), '', ''],
    ['  last sync answer to convergence', ms(r.offline.lastSyncAnswerToConvergenceMs), '', ''],
    ['  reconnect to its own door view showing all admitted', ms(r.offline.reconnectToOwnDoorViewFullMs), '', ''],
    ['  synced scans on the organiser screen p50 / p99', pair(synced), '', ''],
    ['  sync answer p50 / p99', pair(r.checkInAnswerMs.sync), '', ''],
    ['request errors / door subscriptions refused', `${r.errors.count} / ${r.screens.doorSubscriptionErrors.length}`, '0', mark(r.errors.count === 0)],
    ['setup (stack, 1 event, registrations)', ms(r.setupMs), '', ''],
  ];
  const widths = rows[0]?.map((_, c) => Math.max(...rows.map((row) => (row[c] ?? '').length))) ?? [];
  return rows.map((row) => row.map((cell, c) => cell.padEnd(widths[c] ?? 0)).join(' | ')).join('\n');
}

const redis = await benchRedis();
const databaseUrl = testEnv.databaseUrl();
const machine = { cores: cpus().length, cpu: cpus()[0]?.model ?? 'unknown', node: process.version, loadAverageAtStart: loadavg().map((v) => Math.round(v * 100) / 100) };
log(`machine: ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}; load ${machine.loadAverageAtStart.join(' ')}`);

// The machine may be shared: the highest 1-minute load average seen during the run is kept with its results.
let loadMax = loadavg()[0] ?? 0;
setInterval(() => (loadMax = Math.max(loadMax, loadavg()[0] ?? 0)), 5000).unref();

const runBegan = Date.now();
await runBench(redis, async () => {
  let failed = false;
  const setupBegan = Date.now();
  // The stack logs how long the registrations took; kept apart from the rest of the set-up.
  let registrationS: number | undefined;
  const stackLog = (line: string) => {
    const seconds = /attendees registered in ([\d.]+) s/.exec(line)?.[1];
    if (seconds) registrationS = Number(seconds);
    log(line);
  };
  const stack = await startStack({ mode, redis, gateways: 2, attendees: o.attendees, writers: 0, label: 'door', ...(databaseUrl ? { databaseUrl } : {}), log: stackLog });
  try {
    log(`upstream database: ${stack.database}`);
    const result = await bench(stack, Date.now() - setupBegan);
    const full = {
      machine,
      database: databaseUrl ? 'PostgreSQL (DATABASE_URL), a schema of its own' : 'PGlite (embedded)',
      redis: redis.source === 'env' ? 'REDIS_URL, a key prefix of its own' : `${redis.source} redis-server`,
      loadAverageAtEnd: loadavg().map((v) => Math.round(v * 100) / 100),
      loadAverage1mMaxDuringRun: Math.round(loadMax * 100) / 100,
      registrationSeconds: registrationS ?? null,
      runSeconds: Math.round((Date.now() - runBegan) / 1000),
      result,
    };
    console.log(`\n${table(result)}\n`);
    console.log(JSON.stringify(full));
    if (!values['no-write']) {
      const dir = `${here}results`;
      mkdirSync(dir, { recursive: true });
      const stamp = new Date().toISOString().slice(0, 16).replace(':', '');
      writeFileSync(`${dir}/${stamp}.json`, `${JSON.stringify(full, null, 2)}\n`);
      log(`results written to tests/bench/door/results/${stamp}.json`);
    }
    failed = result.lost !== 0 || result.doubleCounts !== 0 || result.retries.notIdentical !== 0;
  } finally {
    await stack.stop();
  }
  return failed;
});
