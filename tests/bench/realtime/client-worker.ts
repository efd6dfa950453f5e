import { ClientGroup, PollGroup } from '../../support/fleet.js';
import type { FleetFilter, GroupOptions, PollOptions, ReportedEvent, SentMessage, StormOptions } from '../../support/fleet.js';

/**
 * One worker process of the benchmark: a share of the socket clients (a ClientGroup) or of the
 * polling clients (a PollGroup), driven by the runner over IPC (structured clone). Spreading clients
 * over processes keeps one process's event loop from being what the latency measures.
 */

type Request =
  | { id: number; op: 'init-sockets'; options: GroupOptions }
  | { id: number; op: 'init-polls'; options: PollOptions }
  | { id: number; op: 'start'; upTo?: number }
  | { id: number; op: 'status' | 'drop'; filter?: FleetFilter }
  | { id: number; op: 'pause'; filter: FleetFilter }
  | { id: number; op: 'flood'; filter: FleetFilter; everyMs: number }
  | { id: number; op: 'report'; sent: SentMessage[]; filter?: FleetFilter; what?: ReportedEvent }
  | { id: number; op: 'reconnects'; since: number; filter?: FleetFilter }
  | { id: number; op: 'resync'; filter?: FleetFilter }
  | { id: number; op: 'storm'; options: StormOptions }
  | { id: number; op: 'poll-start' | 'poll-stop' | 'poll-report' }
  | { id: number; op: 'poll-delivery'; sent: SentMessage[] }
  | { id: number; op: 'memory' }
  | { id: number; op: 'close' };

let sockets: ClientGroup | undefined;
let polls: PollGroup | undefined;

function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`worker has no ${what}`);
  return value;
}

async function handle(req: Request): Promise<unknown> {
  switch (req.op) {
    case 'init-sockets':
      sockets = new ClientGroup(req.options);
      return sockets.size;
    case 'init-polls':
      polls = new PollGroup(req.options);
      return req.options.clients.length;
    case 'start':
      return need(sockets, 'clients').start(req.upTo);
    case 'status':
      return need(sockets, 'clients').status(req.filter);
    case 'drop':
      return need(sockets, 'clients').drop(req.filter);
    case 'pause':
      return need(sockets, 'clients').pause(req.filter);
    case 'flood':
      return need(sockets, 'clients').flood(req.filter, req.everyMs);
    case 'report':
      return need(sockets, 'clients').report(req.sent, req.filter, req.what);
    case 'reconnects':
      return need(sockets, 'clients').reconnects(req.since, req.filter);
    case 'resync':
      return need(sockets, 'clients').resync(req.filter);
    case 'storm':
      return need(sockets, 'clients').storm(req.options);
    case 'poll-start':
      need(polls, 'pollers').start();
      return true;
    case 'poll-stop':
      need(polls, 'pollers').stop();
      return true;
    case 'poll-report':
      return need(polls, 'pollers').report();
    case 'poll-delivery':
      return need(polls, 'pollers').delivery(req.sent);
    case 'memory':
      return process.memoryUsage();
    case 'close':
      await sockets?.close();
      polls?.close();
      setTimeout(() => process.exit(0), 100);
      return true;
  }
}

process.on('message', (raw) => {
  const req = raw as Request;
  handle(req).then(
    (result) => process.send?.({ id: req.id, ok: true, result }),
    (err: unknown) => process.send?.({ id: req.id, ok: false, error: err instanceof Error ? err.stack ?? err.message : String(err) }),
  );
});
process.on('disconnect', () => process.exit(0));
process.send?.({ id: 0, ok: true, result: 'ready' });
