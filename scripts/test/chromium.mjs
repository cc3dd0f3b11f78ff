// Where the system Chromium is and how it is launched: one place for Playwright and the bench.
// Playwright cannot download its own browsers on these machines.
import { existsSync } from 'node:fs';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];

export function chromiumPath() {
  const found = candidates.find((path) => path && existsSync(path));
  if (!found) {
    throw new Error(
      'No Chromium found. Install one (Debian/Ubuntu: `apt-get update && apt-get install -y chromium`) ' +
        'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
    );
  }
  return found;
}

/**
 * A public-looking host name the tests' browser resolves to 127.0.0.1: the short links refuse
 * targets on this machine or a private network, so a test that follows a dynamic code to "a shop's
 * site" serves that site locally under this name.
 */
export const TEST_SITE_HOST = 'shop.kcw-test.example';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Chromium still tries a few Google hosts; make those look-ups fail at once. The first rule that
  // matches wins: the test site's name is loopback.
  `--host-resolver-rules=MAP ${TEST_SITE_HOST} 127.0.0.1 , MAP * ~NOTFOUND , EXCLUDE 127.0.0.1`,
];

export function launchOptions() {
  return { executablePath: chromiumPath(), headless: true, args: chromiumArgs };
}
