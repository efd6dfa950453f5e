import { cpus, loadavg } from 'node:os';
import { calls, type Event } from '@tapcard/shared/contract';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { callApi } from '../../e2e/support/api.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/chromium.js';
import { DEMO } from '../../e2e/support/demo.js';
import { registerFromPhone, ticketOf } from '../../e2e/support/door.js';
import { throttle, type Throttling } from '../../e2e/support/throttle.js';
import { parseRunArgs } from '../../support/run-args.js';
import { BENCH_OPTIONS, commitOf, DEMO_PAGES, loadOptions, machineOf, median, packageVersion, round1, runsOption, selectPages, settleLoad, stampOf, startTarget, writeResult } from './common.js';

/**
 * `pnpm bench:slow [--runs 5] [--page arena,ticket,door,card] [--check]` — four pages on a slow phone
 * (Slow 3G, 4× CPU slowdown), cold and on a repeat visit: when the content a person came for is on
 * screen, and when the page's first action works. See README.md.
 */

const HELP = `Usage: pnpm bench:slow [options]
  --runs <n>        runs per page, each a cold visit and a repeat visit; the median is reported (default 5)
  --page <list>     arena, ticket, door, card, comma separated (default: all four)
  --base-url <url>  measure a product already running there (with the demo seed) instead of starting one
  --web-dist <dir>  serve this web build (default: the current sources built into a temporary folder)
  --max-load <n>    before each run, wait until the 1-minute load average is at most n (default: the core count)
  --settle <s>      longest wait for that, in seconds; the run then goes ahead and its load is recorded (default 20)
  --timeout <s>     longest wait for one measurement (default 60)
  --check           exit 1 when a median misses its target or a measurement failed
  --no-write        do not write results/slow-<date>.json`;

const values = parseRunArgs(HELP, {
  runs: { type: 'string', default: '5' },
  ...BENCH_OPTIONS,
  settle: { type: 'string', default: '20' },
  timeout: { type: 'string', default: '60' },
});

/** DevTools' Slow 3G: 400 ms of latency, 400 kbit/s each way; and a mid-range phone's 4× slower CPU. */
const SLOW_3G: Throttling = { latencyMs: 400, downloadBytesPerSecond: 50_000, uploadBytesPerSecond: 50_000, cpuSlowdown: 4 };
/** Lighthouse's mobile screen (Moto G Power). */
const PHONE = { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true };

const { maxLoad, settleMs } = loadOptions(values, cpus().length);
const runs = runsOption(values.runs);
const timeoutMs = Number(values.timeout) * 1000;
if (!(timeoutMs > 0)) throw new Error('--timeout must be a positive number of seconds');

type VisitKind = 'cold' | 'repeat';

/** What a page waits for: an element matching `selector` whose text holds `text`. */
interface Watch {
  selector: string;
  text?: string;
}

/** What the bench knows of the live event once set up: the chat's poster and the door's tickets. */
interface Setup {
  event: Event;
  /** Another attendee, who posts the message the arena must show. */
  poster: { tid: string; id: string };
  /** A ticket for each door visit, of an attendee not yet checked in. */
  doorTickets: { name: string; ticket: string }[];
}

/** The first action: `value` typed into `input` and sent with Enter, which works when `done` shows. */
interface Action {
  input(page: Page): Locator;
  value: string;
  done: Watch;
}

/** One visit: what it waits for, and the first action it then takes (none on the read-only pages). */
interface Visit {
  content: Watch;
  action?: Action;
}

interface SlowPage {
  key: string;
  name: string;
  content: string;
  action: string | null;
  /** Targets of the content's time, in ms; null where the issue sets none. */
  targets: Record<VisitKind, number | null>;
  /** The first visit's address; the repeat visit opens where the first one ended. */
  path: string;
  visit(setup: Setup, label: string): Promise<Visit>;
}

const QR_LABEL = 'QR code of your ticket for the door';
/**
 * The door's search box, which also takes a typed or pasted ticket code as a scan; ready once it takes
 * text (the server's frame draws it disabled until the page's scripts have hydrated it).
 */
const DOOR_INPUT = 'form[role="search"] input[type="search"]:not([disabled])';

const PAGES: SlowPage[] = [
  {
    key: 'arena',
    name: 'arena group chat',
    content: 'the latest chat message',
    action: 'a sent message shows as sent',
    targets: { cold: 3000, repeat: 1000 },
    path: DEMO_PAGES.arenaChat,
    async visit(setup, label) {
      // The latest message is one posted just now by another attendee, through the API the arena uses.
      const latest = `Who else is at the mixer? (${label})`;
      const posted = await callApi(baseUrl, calls.chat, { params: { id: setup.poster.tid }, body: { event_id: setup.event.id, attendee_id: setup.poster.id, message: latest, image: '' } });
      if (posted.answer.success !== 'true') throw new Error(`posting to the chat failed: ${posted.answer.message}`);
      const mine = `On my way to the stage (${label})`;
      return {
        content: { selector: '[role="log"] li', text: latest },
        action: {
          input: (page) => page.getByLabel('Message', { exact: true }),
          value: mine,
          done: { selector: '[role="log"] li[data-state="sent"]', text: mine },
        },
      };
    },
  },
  {
    key: 'ticket',
    name: 'ticket page',
    content: 'the QR code',
    action: null,
    targets: { cold: 2500, repeat: null },
    path: DEMO_PAGES.ticket(DEMO.attendees.chidinma),
    visit: async () => ({ content: { selector: `svg[role="img"][aria-label="${QR_LABEL}"]` } }),
  },
  {
    key: 'door',
    name: 'door (staff link)',
    content: 'the scan-ready input',
    action: 'a typed ticket is admitted',
    targets: { cold: 4000, repeat: 1000 },
    path: DEMO_PAGES.staffLink,
    async visit(setup) {
      const next = setup.doorTickets.shift();
      if (!next) throw new Error('no door ticket left');
      return {
        content: { selector: DOOR_INPUT },
        action: {
          input: (page) => page.locator(DOOR_INPUT),
          value: next.ticket,
          done: { selector: '[data-testid="door-result"][data-outcome="admitted"]', text: next.name },
        },
      };
    },
  },
  {
    key: 'card',
    name: 'public card page',
    content: "the owner's name",
    action: null,
    targets: { cold: 2500, repeat: null },
    path: DEMO_PAGES.card,
    visit: async () => ({ content: { selector: 'h1', text: DEMO.publicCard.title } }),
  },
];

const pages = selectPages(PAGES, values.page);

interface Marks {
  [name: string]: number;
}
interface WatchedWindow {
  __slowMarks: Marks;
  __slowWatch(name: string, selector: string, text?: string): void;
}

/**
 * Added to each page before its document loads: records, by the page's own clock (ms from navigation
 * start), the first animation frame after an element matching a watch is in the document — the frame
 * that puts it on screen. Only the document is queried on each batch of mutations (no layout), so the
 * watching costs the throttled page little. Plain text, not a function of this file: the TypeScript
 * loader adds helpers to functions that do not exist in the page.
 */
const WATCHER = `(content) => {
  const marks = {};
  const pending = new Map();
  const check = () => {
    for (const [name, watch] of pending) {
      const found = Array.from(document.querySelectorAll(watch.selector)).some((el) => watch.text === undefined || (el.textContent || '').includes(watch.text));
      if (!found) continue;
      pending.delete(name);
      requestAnimationFrame(() => (marks[name] = performance.now()));
    }
  };
  window.__slowMarks = marks;
  window.__slowWatch = (name, selector, text) => {
    pending.set(name, { selector, text });
    check();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  window.__slowWatch('content', content.selector, content.text);
}`;

interface VisitResult {
  url: string;
  /** ms from navigation start until the content is on screen. */
  contentMs: number | null;
  /** ms from navigation start until the first action's result shows (the bench acts as soon as it can). */
  actionMs: number | null;
  /** When the bench pressed Enter (the input filled), ms from navigation start. */
  actionStartMs: number | null;
  /** Bytes over the (throttled) network, requests made and of those answered from a cache or a service worker. */
  transferredBytes: number;
  requests: number;
  fromCache: number;
  error?: string;
}

async function waitForMark(page: Page, name: string): Promise<number> {
  const handle = await page.waitForFunction((n) => (window as unknown as WatchedWindow).__slowMarks?.[n], name, { timeout: timeoutMs, polling: 200 });
  return Math.round((await handle.jsonValue()) as number);
}

async function visitOnce(context: BrowserContext, page: SlowPage, setup: Setup, label: string, url: string): Promise<{ result: VisitResult; endedAt: string }> {
  const tab = await context.newPage();
  const cdp = await throttle(context, tab, SLOW_3G);
  const counted = { transferredBytes: 0, requests: 0, fromCache: 0 };
  const cached = new Set<string>();
  cdp.on('Network.loadingFinished', (e) => (counted.transferredBytes += e.encodedDataLength));
  cdp.on('Network.requestWillBeSent', () => counted.requests++);
  cdp.on('Network.requestServedFromCache', (e) => cached.add(e.requestId));
  cdp.on('Network.responseReceived', (e) => {
    if (e.response.fromServiceWorker || e.response.fromDiskCache || e.response.fromPrefetchCache) cached.add(e.requestId);
  });
  const visit = await page.visit(setup, label);
  await tab.addInitScript({ content: `(${WATCHER})(${JSON.stringify(visit.content)});` });
  const { pathname, search } = new URL(url);
  const result: VisitResult = { url: pathname + search, contentMs: null, actionMs: null, actionStartMs: null, ...counted };
  try {
    await tab.goto(url, { waitUntil: 'commit', timeout: timeoutMs });
    result.contentMs = await waitForMark(tab, 'content');
    const action = visit.action;
    if (action) {
      const input = action.input(tab);
      await input.fill(action.value, { timeout: timeoutMs });
      result.actionStartMs = Math.round(
        await tab.evaluate(({ selector, text }) => {
          (window as unknown as WatchedWindow).__slowWatch('done', selector, text);
          return performance.now();
        }, action.done),
      );
      await input.press('Enter', { timeout: timeoutMs });
      result.actionMs = await waitForMark(tab, 'done');
    }
  } catch (error) {
    result.error = error instanceof Error ? error.message.split('\n')[0]! : String(error);
  }
  Object.assign(result, counted, { fromCache: cached.size });
  const endedAt = tab.url();
  await tab.close();
  return { result, endedAt };
}

/** A name of letters only for the n-th door guest (A, B, … Z, BA, …). */
function guestName(n: number): string {
  let letters = '';
  do {
    letters = String.fromCharCode(65 + (n % 26)) + letters;
    n = Math.floor(n / 26);
  } while (n > 0);
  return `Door Guest ${letters}`;
}

/**
 * What the visits need beyond the demo seed, made through the product's API: the live event, Bayo
 * (who posts the arena's latest message) and, for the door, an attendee registered for each visit.
 * Registrations are counted per address, so each comes from a loopback address of its own.
 */
async function setUp(baseUrl: string, doorVisits: number): Promise<Setup> {
  const found = await callApi(baseUrl, calls.publicEvent, { params: { id: DEMO.liveEvent.id } });
  if (found.answer.success !== 'true') throw new Error(`the demo's live event: ${found.answer.message}`);
  const event = found.answer.data;
  const bayo = await callApi(baseUrl, calls.eventToken, { params: { id: DEMO.attendees.bayo } });
  if (bayo.answer.success !== 'true') throw new Error(`Bayo's ticket: ${bayo.answer.message}`);
  const first = Math.floor(Math.random() * 200);
  const doorTickets: Setup['doorTickets'] = [];
  for (let i = 0; i < doorVisits; i++) {
    const name = guestName(first + i);
    const attendee = await registerFromPhone(baseUrl, event, name, 1 + ((first + i) % 250));
    doorTickets.push({ name, ticket: await ticketOf(baseUrl, attendee) });
  }
  return { event, poster: { tid: DEMO.attendees.bayo, id: bayo.answer.data.attendee.id }, doorTickets };
}

interface Run {
  cold: VisitResult;
  repeat: VisitResult;
  loadBefore: number;
  loadAfter: number;
}

interface Summary {
  contentMs: number | null;
  actionMs: number | null;
  /** Runs whose visit failed (timed out or went wrong), left out of the medians. */
  failed: number;
}

interface PageResult {
  key: string;
  name: string;
  content: string;
  action: string | null;
  targets: SlowPage['targets'];
  runs: Run[];
  median: Record<VisitKind, Summary>;
  misses: string[];
}

const KINDS: VisitKind[] = ['cold', 'repeat'];

function summarise(visits: VisitResult[], withAction: boolean): Summary {
  const of = (xs: (number | null)[]) => {
    const ok = xs.filter((x): x is number => x !== null);
    return ok.length === 0 ? null : Math.round(median(ok));
  };
  return {
    contentMs: of(visits.map((v) => v.contentMs)),
    actionMs: withAction ? of(visits.map((v) => v.actionMs)) : null,
    failed: visits.filter((v) => v.error !== undefined).length,
  };
}

function missesOf(page: SlowPage, m: PageResult['median']): string[] {
  const misses: string[] = [];
  for (const kind of KINDS) {
    const target = page.targets[kind];
    const got = m[kind].contentMs;
    if (m[kind].failed > 0) misses.push(`${kind}: ${m[kind].failed} of ${runs} visits failed`);
    if (target !== null && (got === null || got > target)) misses.push(`${kind} ${page.content} ${got ?? '—'} ms > ${target} ms`);
  }
  return misses;
}

const seconds = (ms: number | null) => (ms === null ? '—' : `${(ms / 1000).toFixed(2)} s`);

const startedAt = new Date();
// Before the run: other work may commit in this worktree while it goes on.
const commit = commitOf();
const loadAtStart = loadavg().map(round1);
const target = await startTarget({ baseUrl: values['base-url'], webDist: values['web-dist'] });
const baseUrl = target.baseUrl;
console.log(`measuring ${baseUrl}: Slow 3G (${SLOW_3G.latencyMs} ms, ${(SLOW_3G.downloadBytesPerSecond * 8) / 1000} kbit/s each way), CPU ${SLOW_3G.cpuSlowdown}× slower, ${runs} run(s) per page`);
const results: PageResult[] = [];
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
try {
  const setup = await setUp(baseUrl, pages.some((p) => p.key === 'door') ? runs * 2 : 0);
  for (const page of pages) {
    const url = `${baseUrl}${page.path}`;
    // One unmeasured load, so a first request's server-side warm-up is not in the figures.
    await fetch(url, { headers: { accept: 'text/html' } });
    const pageRuns: Run[] = [];
    for (let i = 0; i < runs; i++) {
      const loadBefore = await settleLoad(maxLoad, settleMs);
      // Cold: a fresh context, its cache and storage empty. Repeat: the same context's second visit,
      // to where the first one ended (the door's staff link ends on the door page).
      const context = await browser.newContext(PHONE);
      let visits: Pick<Run, 'cold' | 'repeat'>;
      try {
        const cold = await visitOnce(context, page, setup, `${page.key} ${i + 1} cold`, url);
        const repeat = await visitOnce(context, page, setup, `${page.key} ${i + 1} repeat`, cold.endedAt.startsWith(baseUrl) ? cold.endedAt : url);
        visits = { cold: cold.result, repeat: repeat.result };
      } finally {
        await context.close();
      }
      const run: Run = { ...visits, loadBefore, loadAfter: round1(loadavg()[0]!) };
      pageRuns.push(run);
      const line = (v: VisitResult) =>
        `${page.content} ${seconds(v.contentMs)}${page.action ? `, action ${seconds(v.actionMs)} (from ${seconds(v.actionStartMs)})` : ''}, ${Math.round(v.transferredBytes / 1024)} KiB in ${v.requests} requests (${v.fromCache} cached)${v.error ? ` — FAILED: ${v.error}` : ''}`;
      console.log(`  ${page.key} #${i + 1} (load ${run.loadBefore} → ${run.loadAfter})\n    cold:   ${line(run.cold)}\n    repeat: ${line(run.repeat)}`);
    }
    const medians = { cold: summarise(pageRuns.map((r) => r.cold), page.action !== null), repeat: summarise(pageRuns.map((r) => r.repeat), page.action !== null) };
    results.push({ key: page.key, name: page.name, content: page.content, action: page.action, targets: page.targets, runs: pageRuns, median: medians, misses: missesOf(page, medians) });
  }
} finally {
  await browser.close();
  await target.stop();
}

const machine = { ...machineOf(), playwright: packageVersion('playwright-core'), loadAverageBefore: loadAtStart, loadAverageAfter: loadavg().map(round1) };

console.log(`\nmedians of ${runs} run(s); targets in brackets`);
const rows = results.flatMap((r) =>
  KINDS.map((kind) => {
    const m = r.median[kind];
    const t = r.targets[kind];
    const verdict = t === null ? '' : m.contentMs !== null && m.contentMs <= t ? ' ok' : ' MISS';
    return [
      `${r.name} (${kind})`,
      `${r.content}: ${seconds(m.contentMs)}${t === null ? '' : ` (≤ ${seconds(t)})${verdict}`}`,
      r.action ? `${r.action}: ${seconds(m.actionMs)}` : '',
      m.failed > 0 ? `${m.failed} failed` : '',
    ];
  }),
);
const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => row[i]!.length))) ?? [];
for (const row of rows) console.log(row.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd());
console.log(`machine: ${machine.cpu}, ${machine.cores} cores, ${machine.node}, ${machine.chromium}, load average ${machine.loadAverageBefore.join(' ')} before, ${machine.loadAverageAfter.join(' ')} after`);

const output = {
  startedAt: startedAt.toISOString(),
  commit,
  runsPerPage: runs,
  conditions: { ...SLOW_3G, ...PHONE, cold: 'a fresh browser context', repeat: "the same context's second visit" },
  baseUrl: values['base-url'] ? baseUrl : 'started by the runner',
  webDist: values['web-dist'] ?? (values['base-url'] ? null : 'built by the runner'),
  machine,
  pages: results,
};
if (!values['no-write']) writeResult(`slow-${stampOf(startedAt)}`, output);

const misses = results.flatMap((r) => r.misses.map((m) => `${r.name}: ${m}`));
if (misses.length > 0) console.log(`\nmissed: ${misses.join('; ')}`);
if (values.check && misses.length > 0) process.exit(1);
