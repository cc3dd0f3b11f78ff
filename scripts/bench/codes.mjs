// Bench section for My QR Codes: the gzip size of the Firestore chunk and which pages
// load it (never a marketing page, the login or the contact page), and the time to list 200 saved
// codes after a reload, from Firestore's cache on the device. A new user of the Auth emulator gets
// 200 website codes written straight into the Firestore emulator (scripts/serve/serve.mjs runs both),
// signs in, opens My QR Codes once online (which fills the cache), then reloads it five times.
import { seedFirestore } from '../serve/firestore-emulator.mjs';
import {
  collectScripts,
  domainModule,
  firebase,
  kb,
  median,
  oneDecimal,
  projectId,
  startServe,
  verdict,
} from './lib.mjs';

const codeCount = 200;
/** FIRST_ROWS of src/features/qr/codes/saved-codes-list.tsx. */
const firstRows = 12;
const reloads = 5;
const targets = { listMs: 300 };
const visitorPaths = ['/', '/AboutPage', '/CustomPC', '/ContactPage', '/Login'];
const password = 'Bench-pass-1';

export async function savedCodes({ browser }) {
  const server = await startServe();
  const visitor = await browser.newContext({ serviceWorkers: 'block' });
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const visitorFiles = collectScripts(visitor, server.baseUrl);
    const visitorPage = await visitor.newPage();
    for (const path of visitorPaths) {
      await visitorPage.goto(server.baseUrl + path);
      await visitorPage.getByRole('heading', { level: 1 }).first().waitFor();
    }
    const isFirestore = (file) => /\/firestore-core-[^/]+\.js$/.test(file);
    const onVisitorPages = [...visitorFiles.keys()].filter(isFirestore);

    const email = await userWithCodes(codeCount);

    const files = collectScripts(context, server.baseUrl);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/Login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    await page.goto(`${server.baseUrl}/QR_Dashboard`);
    await page.getByText(`Saved codes (${codeCount})`).waitFor({ timeout: 60_000 });
    const chunk = [...files.keys()].find(isFirestore);
    // The server's answer reaches the cache before the next reload reads it.
    await page.getByText('Shown from this device').waitFor({ state: 'hidden', timeout: 30_000 });

    const runs = [];
    for (let run = 0; run < reloads; run++) {
      await page.reload();
      runs.push(await listedAfterReload(page));
    }
    const firstScreen = median(runs.map((run) => run.firstScreenFromOpenMs));
    const all = median(runs.map((run) => run.allFromOpenMs));
    const fromNavigation = median(runs.map((run) => run.firstScreenFromNavigationMs));
    const snapshot = median(runs.map((run) => run.snapshotMs));
    const chunkGzip = chunk ? files.get(chunk) : 0;
    return {
      key: 'savedCodes',
      title: `My QR Codes (${codeCount} codes, Firestore emulator, median of ${reloads} reloads):`,
      rows: [
        ['Firestore chunk', `${oneDecimal(kb(chunkGzip))} KB gzip`, chunk ?? 'not loaded'],
        [
          'loaded by visitor pages',
          onVisitorPages.length === 0 ? 'none ✓' : onVisitorPages.join(' '),
          visitorPaths.join(' '),
        ],
        [
          `first ${firstRows} of ${codeCount} codes shown, from opening the list`,
          `${oneDecimal(firstScreen)} ms`,
          verdict(firstScreen, targets.listMs, 'ms'),
        ],
        [`all ${codeCount} rows in the page, from opening the list`, `${oneDecimal(all)} ms`, ''],
        [
          'of which Firestore (open + first snapshot)',
          `${oneDecimal(snapshot)} ms`,
          `from the cache: ${runs.filter((run) => run.fromCache).length} of ${reloads}`,
        ],
        [`first ${firstRows} shown, from the reload`, `${oneDecimal(fromNavigation)} ms`, ''],
      ],
      align: 'lrl',
      data: {
        chunk,
        chunkGzipBytes: chunkGzip,
        firestoreOnVisitorPages: onVisitorPages,
        runs,
        firstScreenFromOpenMs: firstScreen,
        allFromOpenMs: all,
        snapshotMs: snapshot,
        firstScreenFromNavigationMs: fromNavigation,
        listHolds: firstScreen <= targets.listMs,
      },
    };
  } finally {
    await visitor.close();
    await context.close();
    await server.stop();
  }
}

/**
 * After a reload: when the first screen of rows (the list puts 24 in the page at once, the rest
 * while idle) and then all the rows are in the page, from the start of the navigation and from
 * the list's opening (the app's 'saved-codes-listed' measure); whether the first listing came
 * from the device's cache.
 */
async function listedAfterReload(page) {
  const rowsAt = async (count) => {
    await page.waitForFunction(
      (wanted) => document.querySelectorAll('.saved-codes__list > li').length >= wanted,
      count,
      { polling: 'raf', timeout: 60_000 },
    );
    return page.evaluate(() => performance.now());
  };
  const firstScreen = await rowsAt(firstRows);
  const all = await rowsAt(codeCount);
  return page.evaluate(
    ({ firstScreen, all }) => {
      const [listed] = performance.getEntriesByName('saved-codes-listed');
      const opened = listed?.startTime ?? NaN;
      return {
        firstScreenFromOpenMs: firstScreen - opened,
        allFromOpenMs: all - opened,
        firstScreenFromNavigationMs: firstScreen,
        snapshotMs: listed?.duration ?? NaN,
        fromCache: Boolean(listed?.detail?.fromCache),
      };
    },
    { firstScreen, all },
  );
}

/** A new user of the emulators with `count` saved website codes; returns the email. */
export async function userWithCodes(count) {
  const email = `bench-${Date.now().toString(36)}@kemptoncodeworks.test`;
  const uid = await createUser(email);
  const { codePath } = await domainModule('records/codes.ts');
  await seedFirestore({
    port: firebase.emulators.firestore.port,
    projectId,
    documents: Object.fromEntries(
      Array.from({ length: count }, (_, index) => [
        codePath(uid, `bench-${String(index).padStart(3, '0')}`),
        websiteCode(index),
      ]),
    ),
  });
  return email;
}

/** A user of the Auth emulator, made as the Admin SDK would; returns the uid. */
async function createUser(email) {
  const { host, port } = firebase.emulators.auth;
  const response = await fetch(
    `http://${host}:${port}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
      body: JSON.stringify({ email, password }),
    },
  );
  const json = await response.json();
  if (!response.ok) throw new Error(`Creating the bench user failed: ${JSON.stringify(json)}`);
  return json.localId;
}

/** A website code's document, as the app writes one. */
function websiteCode(index) {
  const day = new Date(Date.UTC(2026, 0, 1) + index * 3_600_000).toISOString();
  return {
    type: 'web',
    name: `Code ${index + 1}`,
    content: { text: { websiteUrl: `https://kemptoncodeworks.co.za/${index}`, qrName: '' } },
    design: {},
    logo: null,
    files: [],
    dynamicId: null,
    createdAt: { $timestamp: day },
    updatedAt: { $timestamp: day },
  };
}
