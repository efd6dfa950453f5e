import { Agent, createServer, request as httpRequest } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small HTTP proxy put between the gateways (and the polling clients) and the upstream, counting
 * the requests the upstream receives, by kind. The upstream itself is not changed.
 */

export type RequestKind = 'live' | 'token' | 'chat' | 'other';

export interface Counts {
  total: number;
  byKind: Record<RequestKind, number>;
  /** Live-state polls per event id. */
  livePerEvent: Record<string, number>;
  /** Answers with a 5xx status, or no answer at all. */
  failed: number;
}

const LIVE = /^\/event\/api\/live\/([^/?]+)/;
const TOKEN = /^\/event\/public\/api\/token\/[^/?]+/;
const CHAT = /^\/event\/public\/api\/create-chat\/[^/?]+/;

export function classify(method: string, url: string): { kind: RequestKind; eventId?: string } {
  const live = LIVE.exec(url);
  if (method === 'GET' && live) return { kind: 'live', eventId: decodeURIComponent(live[1] ?? '') };
  if (method === 'GET' && TOKEN.test(url)) return { kind: 'token' };
  if (method === 'POST' && CHAT.test(url)) return { kind: 'chat' };
  return { kind: 'other' };
}

export function emptyCounts(): Counts {
  return { total: 0, byKind: { live: 0, token: 0, chat: 0, other: 0 }, livePerEvent: {}, failed: 0 };
}

/** after − before, per field. */
export function countsBetween(before: Counts, after: Counts): Counts {
  const livePerEvent: Record<string, number> = {};
  for (const [id, n] of Object.entries(after.livePerEvent)) livePerEvent[id] = n - (before.livePerEvent[id] ?? 0);
  return {
    total: after.total - before.total,
    byKind: {
      live: after.byKind.live - before.byKind.live,
      token: after.byKind.token - before.byKind.token,
      chat: after.byKind.chat - before.byKind.chat,
      other: after.byKind.other - before.byKind.other,
    },
    livePerEvent,
    failed: after.failed - before.failed,
  };
}

export interface CountingProxy {
  url: string;
  counts(): Counts;
  close(): Promise<void>;
}

export async function startCountingProxy(target: string, port = 0): Promise<CountingProxy> {
  const upstream = new URL(target);
  const agent = new Agent({ keepAlive: true, maxSockets: 512 });
  const counts = emptyCounts();
  const server: Server = createServer((req, res) => {
    const url = req.url ?? '/';
    const { kind, eventId } = classify(req.method ?? 'GET', url);
    counts.total += 1;
    counts.byKind[kind] += 1;
    if (eventId !== undefined) counts.livePerEvent[eventId] = (counts.livePerEvent[eventId] ?? 0) + 1;
    const forward = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: url, headers: { ...req.headers, host: upstream.host }, agent },
      (answer) => {
        if ((answer.statusCode ?? 500) >= 500) counts.failed += 1;
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => {
      counts.failed += 1;
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end('{"success":"false","message":"proxy: upstream unreachable"}');
    });
    req.pipe(forward);
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    counts: () => structuredClone(counts),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
        agent.destroy();
      }),
  };
}
