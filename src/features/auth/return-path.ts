import { useLocation } from 'react-router-dom';
import { paths } from '../../config/paths';

/** Where to go after signing in: the guarded page that sent the visitor here, else home. */
export function useReturnPath(): string {
  const { state } = useLocation() as { state: { from?: unknown } | null };
  return sameSitePath(state?.from) ?? paths.home;
}

// Only to test whether a path stays on this site; never requested.
const probe = 'https://return-path.invalid';

/**
 * `from` as a path on this site, or undefined for anything else. History state can be written by
 * any script on the page, and browsers read `\` as `/` and drop tabs and newlines in addresses, so
 * `/\evil.com` or `/<tab>/evil.com` would leave the site: only a single `/` followed by something
 * that resolves on this origin passes.
 */
export function sameSitePath(from: unknown): string | undefined {
  if (typeof from !== 'string' || !from.startsWith('/')) return undefined;
  // eslint-disable-next-line no-control-regex
  if (/^\/[/\\]|[\\\u0000-\u001f\u007f]/.test(from)) return undefined;
  let url: URL;
  try {
    url = new URL(from, probe);
  } catch {
    return undefined;
  }
  if (url.origin !== probe) return undefined;
  const path = url.pathname + url.search + url.hash;
  // Normalising can make one: '/..//evil.com' resolves to the path '//evil.com', which a router
  // or a later `location = path` would read as another host.
  return path.startsWith('//') ? undefined : path;
}
