// Which address the functions trust (functions/src/client-address.ts): the entry the platform
// wrote, FORWARDED_HOPS from the right of X-Forwarded-For, never one the client wrote before it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addressesOf,
  clientAddress,
  clientAddresses,
  DEFAULT_FORWARDED_HOPS,
  forwardedHops,
  networkOf,
  normalAddress,
} from '../../functions/src/client-address';
import { clientAddress as classifyClientAddress } from '../../functions/src/classify';

const request = (forwardedFor?: string | string[], socket = '10.0.0.9') => ({
  headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  socket: { remoteAddress: socket },
});

/** A visitor through Hosting: what they wrote, then Hosting's entry, then the front end's. */
const throughHosting = (written: string, visitor: string, edge = '35.191.10.2') =>
  [written, visitor, edge].filter(Boolean).join(', ');

describe('the client address', () => {
  afterEach(() => {
    delete process.env.FORWARDED_HOPS;
  });

  it('through Hosting (2 hops) is the visitor Hosting saw, whatever the visitor wrote before it', () => {
    for (const forged of ['1.2.3.4', '1.2.3.4, 5.6.7.8', 'unknown', '127.0.0.1, ::1', '']) {
      expect(clientAddress(request(throughHosting(forged, '196.25.1.10')))).toBe('196.25.1.10');
    }
    expect(clientAddresses(request(throughHosting('1.2.3.4', '196.25.1.10')))).toEqual({
      client: '196.25.1.10',
      peer: '35.191.10.2',
    });
  });

  it('called directly (1 hop) is the right-most entry, the one the front end wrote', () => {
    process.env.FORWARDED_HOPS = '1';
    expect(clientAddress(request('9.9.9.9, 8.8.8.8, 196.25.1.10'))).toBe('196.25.1.10');
    expect(clientAddress(request('196.25.1.10'))).toBe('196.25.1.10');
  });

  it('a direct call at 2 hops can choose its client entry, never its peer', () => {
    const forged = clientAddresses(request('7.7.7.7, 196.25.1.66'));
    expect(forged).toEqual({ client: '7.7.7.7', peer: '196.25.1.66' });
  });

  it('with fewer entries than hops is the left-most; with no header, the socket’s', () => {
    expect(clientAddress(request('196.25.1.10'))).toBe('196.25.1.10');
    expect(addressesOf('196.25.1.10', undefined, 3)).toEqual({
      client: '196.25.1.10',
      peer: '196.25.1.10',
    });
    expect(clientAddresses(request(undefined, '::ffff:41.13.2.2'))).toEqual({
      client: '41.13.2.2',
      peer: '41.13.2.2',
    });
    expect(clientAddress(request(' , ,'))).toBe('10.0.0.9');
    expect(clientAddress({ headers: {} })).toBe('');
  });

  it('reads spaces, IPv6, brackets, ports and repeated headers alike', () => {
    expect(clientAddress(request('1.1.1.1,196.25.1.10 ,  35.191.10.2'))).toBe('196.25.1.10');
    expect(clientAddress(request('2001:DB8::1, 2C0F:F4C0:1:2::99, 35.191.10.2'))).toBe(
      '2c0f:f4c0:1:2::99',
    );
    expect(normalAddress(' [2c0f:f4c0::1]:443 ')).toBe('2c0f:f4c0::1');
    expect(normalAddress('196.25.1.10:5123')).toBe('196.25.1.10');
    expect(normalAddress('fe80::1%eth0')).toBe('fe80::1');
    expect(normalAddress('x'.repeat(100))).toHaveLength(64);
    // Node hands repeated headers over joined; a list is read from its first.
    expect(clientAddress(request(['6.6.6.6, 196.25.1.10, 35.191.10.2']))).toBe('196.25.1.10');
  });

  it('FORWARDED_HOPS: 2 by default; a wrong value is reported and the default used', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(forwardedHops(undefined)).toBe(DEFAULT_FORWARDED_HOPS);
    expect(forwardedHops('1')).toBe(1);
    expect(forwardedHops('3')).toBe(3);
    for (const wrong of ['0', '-1', '1.5', 'two', '99']) expect(forwardedHops(wrong)).toBe(2);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it('is the one the redirect’s classifier uses', () => {
    expect(classifyClientAddress(request(throughHosting('1.2.3.4', '196.25.1.10')))).toBe(
      '196.25.1.10',
    );
  });
});

describe('networkOf', () => {
  it('an IPv4 address is itself; an IPv6 one its /64', () => {
    expect(networkOf('196.25.1.10')).toBe('196.25.1.10');
    expect(networkOf('2c0f:f4c0:1:2::99')).toBe('2c0f:f4c0:1:2::/64');
    expect(networkOf('2c0f:f4c0:1:2:aaaa:bbbb:cccc:dddd')).toBe('2c0f:f4c0:1:2::/64');
    expect(networkOf('2c0f:f4c0::1')).toBe('2c0f:f4c0:0:0::/64');
    expect(networkOf('2c0f:0f4c:0001:0002::1')).toBe('2c0f:f4c:1:2::/64');
    expect(networkOf('1:2::a:b:c:1.2.3.4')).toBe('1:2:0:a::/64');
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
    expect(networkOf('not an address')).toBe('not an address');
  });
});
