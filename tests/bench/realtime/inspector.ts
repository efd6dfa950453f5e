import { sleep } from '@tapcard/testkit/wait';

/**
 * Forces a full garbage collection in a gateway process through the V8 inspector (the Chrome
 * DevTools Protocol's HeapProfiler.collectGarbage), so memory per connection can be read without the
 * garbage a connection burst leaves behind. The gateway runs with `--inspect-port=<port>`; SIGUSR1
 * opens the inspector (Node's documented way). Needs a WebSocket client: Node 20 has one behind
 * --experimental-websocket (the bench script passes it); without it this answers false.
 */

interface Target {
  webSocketDebuggerUrl?: string;
}

interface MinimalWebSocket {
  send(data: string): void;
  close(): void;
  addEventListener(type: 'open' | 'message' | 'error' | 'close', listener: (event: { data?: unknown }) => void): void;
}

type WebSocketCtor = new (url: string) => MinimalWebSocket;

export function inspectorAvailable(): boolean {
  return typeof Reflect.get(globalThis, 'WebSocket') === 'function';
}

async function debuggerUrl(port: number, timeoutMs: number): Promise<string | undefined> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/json/list`, { signal: AbortSignal.timeout(1000) });
      const targets = (await res.json()) as Target[];
      const url = targets[0]?.webSocketDebuggerUrl;
      if (url) return url;
    } catch {
      // not open yet
    }
    await sleep(100);
  }
  return undefined;
}

export async function collectGarbage(pid: number, port: number, timeoutMs = 15_000): Promise<boolean> {
  const Ctor = Reflect.get(globalThis, 'WebSocket') as WebSocketCtor | undefined;
  if (typeof Ctor !== 'function') return false;
  process.kill(pid, 'SIGUSR1');
  const url = await debuggerUrl(port, 5000);
  if (!url) return false;
  return new Promise<boolean>((resolve) => {
    const ws = new Ctor(url);
    const timer = setTimeout(() => {
      ws.close();
      resolve(false);
    }, timeoutMs);
    ws.addEventListener('open', () => ws.send(JSON.stringify({ id: 1, method: 'HeapProfiler.collectGarbage' })));
    ws.addEventListener('message', (event) => {
      const reply = JSON.parse(String(event.data)) as { id?: number; error?: unknown };
      if (reply.id !== 1) return;
      clearTimeout(timer);
      ws.close();
      resolve(reply.error === undefined);
    });
    ws.addEventListener('error', () => {
      clearTimeout(timer);
      resolve(false);
    });
  });
}
