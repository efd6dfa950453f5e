import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * docker-compose.yml describes the scaled shape. No Docker engine runs here, so this checks that the
 * file parses (YAML merge keys included) and wires the services the way the gateway needs them.
 */

const file = fileURLToPath(new URL('../../docker-compose.yml', import.meta.url));
const text = readFileSync(file, 'utf8');

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const record = (v: unknown, what: string): Json => {
  if (!isRecord(v)) throw new Error(`${what} is not a mapping`);
  return v;
};

const compose = record(parse(text, { merge: true }), 'the file');
const services = record(compose.services, 'services');
const get = (name: string): Json => record(services[name], `service ${name}`);
const env = (name: string): Record<string, string> =>
  Object.fromEntries(Object.entries(record(get(name).environment, `${name}.environment`)).map(([k, v]) => [k, String(v)]));
const lbConf = String(record(record(compose.configs, 'configs').lb, 'configs.lb').content);

describe('docker-compose.yml', () => {
  it('names PostgreSQL, Redis, the upstream, two gateways and a load balancer', () => {
    expect(Object.keys(services).sort()).toEqual(['gateway-1', 'gateway-2', 'lb', 'mail', 'postgres', 'redis', 'upstream']);
    expect(get('postgres').image).toMatch(/^postgres:/);
    expect(get('redis').image).toMatch(/^redis:/);
    expect(get('lb').image).toMatch(/^nginx:/);
  });

  it('runs both gateways on Redis in front of the upstream, each with its own instance id', () => {
    for (const name of ['gateway-1', 'gateway-2']) {
      const vars = env(name);
      expect(get(name).command).toEqual(['node', 'gateway/dist/server.js']);
      expect(vars.REDIS_URL).toBe('redis://redis:6379');
      expect(vars.UPSTREAM_URL).toBe('http://upstream:4000');
      expect(vars.INSTANCE_ID).toBe(name);
      expect(vars.GATEWAY_SERVICE_KEY).toContain('GATEWAY_SERVICE_KEY');
      expect(Object.keys(record(get(name).depends_on, 'depends_on')).sort()).toEqual(['redis', 'upstream']);
      // Only the load balancer is reachable from outside.
      expect(get(name).ports).toBeUndefined();
    }
    expect(env('upstream').DATABASE_URL).toMatch(/^postgres:\/\/.*@postgres:5432\//);
    expect(get('upstream').ports).toBeUndefined();
  });

  it('sends the upstream\'s mail to the mail catcher: listening on 0.0.0.0 without SMTP_URL would refuse to start', () => {
    const vars = env('upstream');
    expect(vars.UPSTREAM_HOST).toBe('0.0.0.0');
    expect(vars.SMTP_URL).toMatch(/^\$\{SMTP_URL:-smtp:\/\/mail:1025\}$/);
    expect(get('mail').image).toMatch(/^axllent\/mailpit:/);
    expect(Object.keys(record(get('upstream').depends_on, 'upstream.depends_on')).sort()).toEqual(['mail', 'postgres']);
    // Its web view (the caught reset links) is published on this machine only.
    expect(get('mail').ports).toEqual(['127.0.0.1:8025:8025']);
  });

  it('puts the load balancer in front of both gateways, sticky, with websocket upgrades, as the only trusted proxy', () => {
    const conf = lbConf;
    expect(conf).toContain('server gateway-1:3000');
    expect(conf).toContain('server gateway-2:3000');
    expect(conf).toContain('ip_hash');
    expect(conf).toContain('proxy_set_header Upgrade $$http_upgrade');
    expect(conf).toContain('proxy_set_header X-Forwarded-For $$remote_addr');
    expect(get('lb').ports).toEqual(['8080:80']);
    const lbAddress = record(record(get('lb').networks, 'lb.networks').tapcard, 'lb.networks.tapcard').ipv4_address;
    expect(lbAddress).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(env('gateway-1').TRUST_PROXY).toBe(lbAddress);
    expect(env('gateway-2').TRUST_PROXY).toBe(lbAddress);
  });

  it("has the upstream trust exactly the gateways' fixed addresses, so each visitor keeps an address of their own", () => {
    const addressOf = (name: string) => record(record(get(name).networks, `${name}.networks`).tapcard, `${name}.networks.tapcard`).ipv4_address;
    const gateways = ['gateway-1', 'gateway-2'].map(addressOf);
    for (const address of gateways) expect(address).toMatch(/^172\.28\.0\.\d+$/);
    expect(new Set([...gateways, addressOf('lb')]).size).toBe(3);
    expect(env('upstream').UPSTREAM_TRUST_PROXY?.split(',')).toEqual(gateways);
  });
});
