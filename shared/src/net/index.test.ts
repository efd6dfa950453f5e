import { describe, expect, it } from 'vitest';
import { isAddressOrCidr, proxyListSchema } from './index.js';

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
});
