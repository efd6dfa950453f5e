import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** One registry per app, so several gateways in one process (tests) never share counters. */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'gateway_' });
  const registers = [registry];
  const beforeScrape: (() => void)[] = [];
  return {
    registry,
    /** Registers a function that refreshes gauges just before each scrape. */
    onScrape(refresh: () => void): void {
      beforeScrape.push(refresh);
    },
    async scrape(): Promise<string> {
      for (const refresh of beforeScrape) refresh();
      return registry.metrics();
    },
    connectedSockets: new Gauge({ name: 'gateway_connected_sockets', help: 'Socket.IO clients connected to this instance', registers }),
    liveEventsPolled: new Gauge({ name: 'gateway_live_events_polled', help: 'Events this instance is polling now', registers }),
    pollersInError: new Gauge({ name: 'gateway_pollers_in_error', help: 'Pollers whose last poll failed (their views are stale)', registers }),
    pollDuration: new Histogram({
      name: 'gateway_poll_duration_seconds',
      help: 'Duration of one live-state poll of the upstream',
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    }),
    writeToEmitLag: new Histogram({
      name: 'gateway_write_to_emit_seconds',
      help: 'From a write answered through the proxy to the emit of the update that carries it',
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    }),
    writeThrough: new Counter({
      name: 'gateway_write_through_total',
      help: "Chat writes' stored messages at the lease holder: emitted at once, already known from a poll, or after a gap left to a poll",
      labelNames: ['outcome'] as const,
      registers,
    }),
    pollFailures: new Counter({ name: 'gateway_poll_failures_total', help: 'Live-state polls that failed', registers }),
    slowConsumersDropped: new Counter({
      name: 'gateway_slow_consumers_dropped_total',
      help: 'Sockets disconnected because their unsent data exceeded SLOW_CONSUMER_MAX_BYTES',
      registers,
    }),
    updatesEmitted: new Counter({ name: 'gateway_updates_emitted_total', help: 'Realtime updates emitted, by scope', labelNames: ['scope'] as const, registers }),
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
