// Where the system Chromium is and how it is launched: one place for Playwright and the bench.
// Playwright cannot download its own browsers on these machines.
import { existsSync } from 'node:fs';

// Two builds of the same Chromium, both from Debian. The tests run in the old headless shell
// (`chromium-headless-shell`): it has no browser window, tab strip or GPU process to keep fed, and
// the whole end-to-end suite ran about 40 % faster in it on a 2-core machine (the suite is bound
// by the browser's CPU). A test that needs what only the full browser has (Background Sync, which
// the shell refuses, and the PDF viewer) asks for the full build (`launchOptions({ full: true })`), as the bench does,
// so that its figures are the ones a visitor's Chrome would give. CHROMIUM_PATH names one binary for all.
const install =
  'Debian/Ubuntu: `apt-get update && apt-get install -y chromium chromium-headless-shell`; ' +
  'or point CHROMIUM_PATH at a Chromium or Chrome binary.';
const full = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
const shell = [process.env.CHROMIUM_PATH, '/usr/bin/chromium-headless-shell', ...full];

/** The Chromium to launch: the headless shell where there is one, else the full browser. */
export function chromiumPath({ full: needsFull = false } = {}) {
  const found = (needsFull ? full : shell).find((path) => path && existsSync(path));
  if (!found) throw new Error(`No Chromium found. Install one (${install})`);
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

/** How the tests and the bench launch Chromium; `full` for what the headless shell lacks. */
export function launchOptions({ full = false } = {}) {
  return { executablePath: chromiumPath({ full }), headless: true, args: chromiumArgs };
}
