import { describe, expect, it } from 'vitest';
import { prettyMessage, isAddressOrCidr, isLocalOnlyCaller, isLoopbackAddress, isLoopbackHost, proxyListSchema } from './index.js';

describe('proxy lists', () => {
  it('accepts addresses and CIDR ranges of both families, and nothing else', () => {
    for (const ok of ['127.0.0.1', '::1', '10.0.0.0/8', '2001:db8::/32', '0.0.0.0/0']) expect(isAddressOrCidr(ok)).toBe(true);
    for (const bad of ['localhost', '10.0.0.0/33', '::1/129', '1.2.3.4/8/1', '1.2.3.4/x', '']) expect(isAddressOrCidr(bad)).toBe(false);
  });

  it('reads false, empty and comma lists, with the default when unset', () => {
    const schema = proxyListSchema('127.0.0.1,::1');
    expect(schema.parse(undefined)).toEqual(['127.0.0.1', '::1']);
    expect(schema.parse('false')).toEqual([]);
    expect(schema.parse(' ')).toEqual([]);
    expect(schema.parse(' 172.28.0.11 , 172.28.0.12,')).toEqual(['172.28.0.11', '172.28.0.12']);
    expect(schema.safeParse('172.28.0.11,gateway').success).toBe(false);
  });

  it('knows the addresses and listen hosts of this machine only', () => {
    for (const ok of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '[::1]']) expect(isLoopbackAddress(ok)).toBe(true);
    for (const bad of ['10.0.0.1', '0.0.0.0', '::', '::ffff:10.0.0.1', 'localhost', undefined]) expect(isLoopbackAddress(bad)).toBe(false);
    expect(isLoopbackHost('localhost')).toBe(true);
    expect(isLoopbackHost('0.0.0.0')).toBe(false);
  });
});

describe('this-machine-only callers', () => {
  it('are loopback clients that no proxy, tunnel or CDN header says were passed on', () => {
    expect(isLocalOnlyCaller('127.0.0.1', { host: 'localhost', accept: '*/*' })).toBe(true);
    expect(isLocalOnlyCaller('203.0.113.7', {})).toBe(false);
    for (const name of ['forwarded', 'X-Forwarded-For', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-real-ip', 'via', 'cf-connecting-ip', 'true-client-ip']) {
      expect(isLocalOnlyCaller('127.0.0.1', { [name]: 'x' }), name).toBe(false);
    }
  });

  it("believe only the headers a trusted hop writes itself, and no others", () => {
    const gateway = new Set(['x-forwarded-for', 'x-forwarded-proto']);
    expect(isLocalOnlyCaller('127.0.0.1', { 'x-forwarded-for': '127.0.0.1', 'x-forwarded-proto': 'http' }, gateway)).toBe(true);
    expect(isLocalOnlyCaller('127.0.0.1', { 'x-forwarded-for': '127.0.0.1', via: '1.1 tunnel' }, gateway)).toBe(false);
  });
});

describe('readable log lines', () => {
  it("say a request's method and URL, then its status and time in whole milliseconds", () => {
    expect(prettyMessage({ msg: 'incoming request', req: { method: 'GET', url: '/api/x' } }, 'msg')).toBe('incoming request GET /api/x');
    expect(prettyMessage({ msg: 'request completed', res: { statusCode: 200 }, responseTime: 11.0990619 }, 'msg')).toBe('request completed → 200 in 11 ms');
    expect(prettyMessage({ msg: 'upstream ready' }, 'msg')).toBe('upstream ready');
  });
});
