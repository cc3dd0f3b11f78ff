// The site the functions answer for: its origin and host names, from the request as Hosting
// forwards it (the custom domain, the web.app address or 127.0.0.1 in the emulator), and from
// SITE_ORIGINS (comma-separated, e.g. `https://kemptoncodeworks.co.za`) when set, so a target
// on any of the site's addresses is recognised as one of its short links.
import { header, type HttpRequest } from './http';

const configured = () =>
  (process.env.SITE_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);

/** The origin the request reached the site at (the first configured one when set). */
export function siteOrigin(request: HttpRequest): string {
  const [first] = configured();
  if (first) return new URL(first).origin;
  const host = header(request, 'x-forwarded-host') ?? header(request, 'host') ?? 'localhost';
  const proto = header(request, 'x-forwarded-proto')?.split(',')[0]?.trim() || 'https';
  return `${proto}://${host.split(',')[0].trim()}`;
}

/** Every host name (with port) the site answers on, as far as this request tells. */
export function siteHosts(request: HttpRequest): string[] {
  const hosts = new Set<string>();
  for (const origin of configured()) hosts.add(new URL(origin).host);
  for (const name of ['x-forwarded-host', 'host']) {
    const value = header(request, name);
    if (value) for (const host of value.split(',')) hosts.add(host.trim().toLowerCase());
  }
  return [...hosts];
}
