// What the redirect learns of a request, without keeping anything that identifies a person: whether
// it is a person's browser at all (link-preview fetchers and crawlers are not scans: `isbot`, a
// maintained list of their user agents), its device class and operating system family (`bowser`,
// MIT), whether it came from the printed code or the link itself, the country of its address
// (geo.ts: the address itself is not kept), and a visitor key and a client
// key that live only in memory (the visitor key is hashed again with the day's salt before
// anything is stored: visitors.ts), both from the address the platform vouches for
// (client-address.ts), never one the client wrote.
import { createHash } from 'node:crypto';
import Bowser from 'bowser';
import { isbot } from 'isbot';
import type { DeviceClass, OsFamily } from '../../src/domain/qr/scan-counts';
import { QR_MARKER } from '../../src/domain/qr/short-link';
import { clientAddress, networkOf } from './client-address';
import { countryOf } from './geo';
import { header, type HttpRequest } from './http';

export interface RequestFacts {
  readonly bot: boolean;
  readonly device: DeviceClass;
  readonly os: OsFamily;
  readonly source: 'qr' | 'link';
  /**
   * The country the client's address is registered in (geo.ts), or null: read while the request
   * is in memory; the address itself goes no further.
   */
  readonly country: string | null;
  /** SHA-256 of the client's address and user agent: in memory only, never stored. */
  readonly visitorKey: string;
  /**
   * SHA-256 of the client's address alone, whatever its user agent says: its repeated scans of
   * a link are counted once (scan-counter.ts). In memory only, never stored.
   */
  readonly clientKey: string;
}

const osByName: Record<string, OsFamily> = {
  android: 'android',
  ios: 'ios',
  windows: 'windows',
  macos: 'macos',
  linux: 'linux',
  'chrome os': 'chromeos',
};

const deviceByPlatform: Record<string, DeviceClass> = {
  mobile: 'phone',
  tablet: 'tablet',
  desktop: 'computer',
};

/** A user agent's device class and OS family. */
export function deviceOf(userAgent: string): { device: DeviceClass; os: OsFamily } {
  if (!userAgent) return { device: 'other', os: 'other' };
  const parsed = Bowser.parse(userAgent);
  const os = osByName[(parsed.os.name ?? '').toLowerCase()] ?? 'other';
  // ChromeOS has no platform of its own in bowser's table; it is a computer.
  const device =
    deviceByPlatform[parsed.platform.type ?? ''] ?? (os === 'chromeos' ? 'computer' : 'other');
  return { device, os };
}

/** The client's address: the one rule of client-address.ts, also read from here. */
export { clientAddress } from './client-address';

export function requestFacts(request: HttpRequest): RequestFacts {
  const userAgent = header(request, 'user-agent') ?? '';
  // The address the platform vouches for (client-address.ts), an IPv6 one as its /64.
  const address = clientAddress(request);
  const network = networkOf(address);
  const query = (request.url ?? '').split('?')[1]?.split('#')[0] ?? '';
  return {
    // No user agent at all is a script, not a phone.
    bot: userAgent.trim() === '' || isbot(userAgent),
    ...deviceOf(userAgent),
    source: query.split('&').includes(QR_MARKER) ? 'qr' : 'link',
    country: countryOf(address),
    visitorKey: createHash('sha256').update(`${network}\n${userAgent}`).digest('hex'),
    clientKey: createHash('sha256').update(`client\n${network}`).digest('hex'),
  };
}
