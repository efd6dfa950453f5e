/**
 * The gateway's Prometheus text at /metrics (answered to loopback callers only), parsed into
 * name → value, with labelled series summed under their bare name too.
 */

export type Metrics = Map<string, number>;

export function parseMetrics(text: string): Metrics {
  const values: Metrics = new Map();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(\{[^}]*\})?\s+(\S+)/.exec(line);
    if (!match) continue;
    const [, name = '', labels, raw = ''] = match;
    const value = Number(raw);
    if (!Number.isFinite(value)) continue;
    if (labels) {
      values.set(`${name}${labels}`, value);
      values.set(name, (values.get(name) ?? 0) + value);
    } else {
      values.set(name, value);
    }
  }
  return values;
}

/** Reads /metrics, trying again (a gateway busy with thousands of sockets on a loaded machine can be slow to answer). */
export async function scrapeMetrics(gatewayUrl: string, timeoutMs = 15_000, attempts = 3): Promise<Metrics> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const res = await fetch(`${gatewayUrl}/metrics`, { signal: AbortSignal.timeout(timeoutMs) });
      const text = await res.text();
      if (!res.ok) throw new Error(`/metrics answered ${res.status}`);
      return parseMetrics(text);
    } catch (err) {
      if (attempt >= attempts) throw err;
    }
  }
}

/** The few figures the realtime benchmarks and tests read. */
export interface GatewayFigures {
  connectedSockets: number;
  liveEventsPolled: number;
  pollersInError: number;
  rss: number;
  heapUsed: number;
  /** Live-state polls this instance made (histogram count). */
  polls: number;
  updatesEmitted: number;
  slowConsumersDropped: number;
}

export function gatewayFigures(m: Metrics): GatewayFigures {
  const get = (name: string) => m.get(name) ?? NaN;
  return {
    connectedSockets: get('gateway_connected_sockets'),
    liveEventsPolled: get('gateway_live_events_polled'),
    pollersInError: get('gateway_pollers_in_error'),
    rss: get('gateway_process_resident_memory_bytes'),
    heapUsed: get('gateway_nodejs_heap_size_used_bytes'),
    polls: get('gateway_poll_duration_seconds_count'),
    updatesEmitted: get('gateway_updates_emitted_total'),
    slowConsumersDropped: m.get('gateway_slow_consumers_dropped_total') ?? 0,
  };
}

export async function gatewayState(gatewayUrl: string): Promise<GatewayFigures> {
  return gatewayFigures(await scrapeMetrics(gatewayUrl));
}
