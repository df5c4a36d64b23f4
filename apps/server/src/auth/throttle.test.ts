import { describe, expect, it } from 'vitest';
import { throttleAddress } from './throttle.js';

describe('security: throttleAddress (one client, one count, whatever the spelling)', () => {
  it('counts an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(throttleAddress('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(throttleAddress('::FFFF:10.1.2.3')).toBe('10.1.2.3');
    expect(throttleAddress('10.1.2.3')).toBe('10.1.2.3');
  });

  it('counts IPv6 addresses by their /64, however they are written', () => {
    const a = throttleAddress('2001:db8:0:1::1');
    expect(a).toBe('2001:db8:0:1::/64');
    expect(throttleAddress('2001:0DB8:0000:0001:ffff:ffff:ffff:ffff')).toBe(a);
    expect(throttleAddress('2001:db8::1:0:0:0:7')).toBe('2001:db8:0:1::/64');
    expect(throttleAddress('2001:db8:0:2::1')).not.toBe(a);
    expect(throttleAddress('::1')).toBe('0:0:0:0::/64');
  });
});
