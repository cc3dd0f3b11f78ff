import { describe, expect, it } from 'vitest';
import { isAppPage } from './navigation';

describe('isAppPage', () => {
  it.each(['/', '/CustomPC', '/ContactPage', '/Login?from=/Profile', '/no-such-page', '/q'])(
    'serves the app for %s',
    (path) => expect(isAppPage(path)).toBe(true),
  );

  it.each([
    '/__/auth/handler',
    '/__/auth/handler?apiKey=x&authType=signInViaPopup',
    '/__/firebase/init.json',
    '/q/abc123',
    '/api/links',
    '/gallery/build-1.webp',
    '/gallery/build-1.webp?v=2',
    '/manifest.webmanifest',
    '/robots.txt',
  ])('leaves %s to the network', (path) => expect(isAppPage(path)).toBe(false));

  it('looks for an extension in the last segment of the path only, not in the query', () => {
    expect(isAppPage('/Login?from=/gallery/build-1.webp')).toBe(true);
    expect(isAppPage('/v1.2/Page')).toBe(true);
  });
});
