import { describe, expect, it } from 'vitest';
import { addressKey } from './client-address.js';

describe('addressKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
  });

  it('keys every IPv6 address of one /64 alike, and other /64s apart', () => {
    const a = addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    expect(addressKey('2001:db8:1:2::1')).toBe(a);
    expect(addressKey('2001:0DB8:0001:0002:ffff::')).toBe(a);
    expect(a).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:3::1')).not.toBe(a);
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('handles a zone index and an embedded IPv4 tail', () => {
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('64:ff9b::198.51.100.1')).toBe('64:ff9b:0:0::/64');
  });
});
