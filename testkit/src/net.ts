import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * Ports are picked below the kernel's ephemeral range. A port the kernel hands out (`listen(0)`, or an
 * outgoing connection's local port) comes from that range, so a port picked there and released until
 * the child process binds it could meanwhile be taken by another test's server: a test then talks to
 * the wrong server (a login answered 404 once). Below the range only other callers of this function
 * pick, at random among thousands, and never one this process already handed out.
 */
const RANGE_SIZE = 12_000;
const DEFAULT_EPHEMERAL_LOW = 32_768;
const ATTEMPTS = 50;

const handedOut = new Set<number>();

function ephemeralLow(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > RANGE_SIZE + 1024 ? low : DEFAULT_EPHEMERAL_LOW;
  } catch {
    return DEFAULT_EPHEMERAL_LOW;
  }
}

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A free TCP port on 127.0.0.1, for processes that must be told their port up front. */
export async function freePort(): Promise<number> {
  const high = ephemeralLow();
  const low = high - RANGE_SIZE;
  for (let i = 0; i < ATTEMPTS; i++) {
    const port = low + Math.floor(Math.random() * RANGE_SIZE);
    if (handedOut.has(port) || !(await bindable(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`no free port between ${low} and ${high} after ${ATTEMPTS} tries`);
}
