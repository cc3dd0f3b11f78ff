// Bench section for the QR wizard: the gzip size of the wizard's own chunks (what the type,
// content and design screens load beyond a marketing page, and a check that marketing pages load
// none of it), and the time to restore a draft holding a 20 MB file after a reload. The wizard
// needs a signed-in user, so this section serves dist/ through scripts/serve/serve.mjs (Hosting and
// Auth emulators with the seeded demo user) rather than Vite's preview.
import { mkdirSync, readdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  collectScripts,
  gzipBytes,
  kb,
  median,
  oneDecimal,
  percentile,
  root,
  startServe,
  verdict,
} from './lib.mjs';

const restoreRuns = 5;
const fileBytes = 20_000_000;
const targets = { restoreMs: 300, previewP95Ms: 16, scanCheckP90Ms: 150 };
/** Design changes whose scan check is timed, each waited for (not superseded by the next). */
const scanChecks = 30;
const previewChanges = 100;
const previewUrl = 'https://kemptoncodeworks.co.za/specials';
const demoUser = { email: 'demo@kemptoncodeworks.test', password: 'Demo-pass-2026' };
const marketingPaths = ['/', '/AboutPage', '/ServicesPage', '/CustomPC', '/ContactPage'];

export async function qrWizard({ browser }) {
  const server = await startServe();
  const anonymous = await browser.newContext({ serviceWorkers: 'block' });
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    // What marketing pages load for a visitor, to check that none of the wizard is among it.
    const marketing = collectScripts(anonymous, server.baseUrl);
    const visitor = await anonymous.newPage();
    for (const path of marketingPaths) {
      await visitor.goto(server.baseUrl + path);
      await visitor.getByRole('heading', { level: 1 }).first().waitFor();
    }

    const files = collectScripts(context, server.baseUrl);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/Login`);
    await page.getByLabel('Email').fill(demoUser.email);
    await page.getByLabel('Password', { exact: true }).fill(demoUser.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const beforeWizard = new Set(files.keys());

    await page.goto(`${server.baseUrl}/QR_Type`);
    await page.getByRole('button', { name: /^PDF / }).click();
    await page.getByLabel('PDF file').setInputFiles(sparsePdf());
    await page.getByText('Draft saved').waitFor();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('heading', { name: 'Design the QR Code' }).waitFor();
    // The wizard's own chunks, and the library chunks it shares with marketing pages (icons,
    // idb-keyval), which those pages load for themselves anyway.
    const loaded = [...files.keys()].filter((file) => !beforeWizard.has(file));
    const own = loaded.filter((file) => !marketing.has(file));
    const shared = loaded.filter((file) => marketing.has(file));
    const gzipOf = (list) => list.reduce((total, file) => total + files.get(file), 0);

    const restores = [];
    await page.goto(`${server.baseUrl}/QR_Content`);
    for (let run = 0; run < restoreRuns; run++) {
      await page.reload();
      await page.getByText('drawing.pdf (19.1 MB)').waitFor();
      restores.push(
        await page.evaluate(
          () => performance.getEntriesByName('qr-draft-restore', 'measure')[0].duration,
        ),
      );
    }
    const restoreMs = median(restores);

    // The generator: a Website code drawn live, its scan check (worker and ZXing's wasm), and
    // the time from a design change to the new picture in the page.
    const beforeCheck = new Set(files.keys());
    const wasm = collectWasm(context, server.baseUrl);
    await page.getByRole('button', { name: 'Start over' }).click();
    await page.getByRole('button', { name: 'Discard draft' }).click();
    await page.getByRole('heading', { name: 'Choose the type of your QR code' }).waitFor();
    await page.getByRole('button', { name: /^Website / }).click();
    await page.getByLabel('Website URL').fill(previewUrl);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('region', { name: 'Scan check' }).getByText('Scans').waitFor();
    // A worker's own script is not among the page's responses: it is added from dist/ by name.
    const checkFiles = [
      ...new Set([
        ...[...files.keys()].filter((file) => !beforeCheck.has(file)),
        ...scanWorkers(files),
      ]),
    ];
    // The scan check's own time (use-scan-check.ts measures each check's decoding): the first,
    // which starts the worker and both readers' wasm, then one per design change, each awaited.
    const scanMeasures = () =>
      page.evaluate(() =>
        performance.getEntriesByName('qr-scan-check', 'measure').map((entry) => entry.duration),
      );
    await page.waitForFunction(
      () => performance.getEntriesByName('qr-scan-check', 'measure').length > 0,
    );
    const firstCheckMs = (await scanMeasures())[0];
    await page.getByRole('button', { name: 'Pattern', exact: true }).click();
    const checkPatterns = ['Rounded', 'Extra rounded', 'Classy', 'Dots', 'Square'];
    for (let change = 0; change < scanChecks; change++) {
      const before = (await scanMeasures()).length;
      await page
        .getByRole('group', { name: 'Pattern style' })
        .getByRole('radio', { name: checkPatterns[change % checkPatterns.length], exact: true })
        .check();
      await page.waitForFunction(
        (count) => performance.getEntriesByName('qr-scan-check', 'measure').length > count,
        before,
      );
    }
    const checkTimes = (await scanMeasures()).slice(1);
    const checkMedian = median(checkTimes);
    const checkP90 = percentile(checkTimes, 90);
    const generator = own.filter((file) => readDist(file).includes('cornersSquareOptions'));
    const patternNames = ['Rounded', 'Extra rounded', 'Classy', 'Dots', 'Square'];
    await page.evaluate(() => performance.clearMeasures('qr-preview-update'));
    for (let change = 0; change < previewChanges; change++) {
      await page
        .getByRole('group', { name: 'Pattern style' })
        .getByRole('radio', { name: patternNames[change % patternNames.length], exact: true })
        .check();
      await page.waitForFunction(
        (count) => performance.getEntriesByName('qr-preview-update').length >= count,
        change + 1,
      );
    }
    const updates = await page.evaluate(() =>
      performance.getEntriesByName('qr-preview-update').map((entry) => entry.duration),
    );
    const previewMedian = median(updates);
    const previewP95 = percentile(updates, 95);
    const describe = (list) =>
      list
        .map((file) => `${file.replace('/assets/', '')} ${oneDecimal(kb(files.get(file)))}`)
        .join(', ');
    return {
      key: 'wizard',
      title: 'QR wizard (signed in, through the emulators; 1 KB = 1000 B):',
      rows: [
        [
          'wizard chunks (type, content, design), none on marketing pages',
          `${oneDecimal(kb(gzipOf(own)))} KB gzip`,
          `${own.length} files`,
          describe(own),
        ],
        [
          'libraries it shares with marketing pages',
          `${oneDecimal(kb(gzipOf(shared)))} KB gzip`,
          `${shared.length} files`,
          describe(shared),
        ],
        [
          `restore a draft with a 20 MB file, median of ${restoreRuns}`,
          `${Math.round(restoreMs)} ms`,
          verdict(Math.round(restoreMs), targets.restoreMs, 'ms'),
          `[${restores.map(Math.round).join(', ')}]`,
        ],
        [
          'QR generator chunk (qr-code-styling, renderer), none on marketing pages',
          `${oneDecimal(kb(gzipOf(generator)))} KB gzip`,
          `${generator.length} files`,
          describe(generator),
        ],
        [
          'scan check, loaded once a code is drawn (worker + ZXing and ZBar wasm)',
          `${oneDecimal(kb(gzipOf(checkFiles) + wasm.gzip))} KB gzip`,
          `${checkFiles.length + wasm.files.length} files`,
          `${describe(checkFiles)}${wasm.files.length ? `, wasm ${oneDecimal(kb(wasm.gzip))}` : ''}`,
        ],
        [
          `scan check (5 conditions, ZXing and ZBar), ${checkTimes.length} design changes`,
          `median ${Math.round(checkMedian)} ms, p90 ${Math.round(checkP90)} ms`,
          verdict(Math.round(checkP90), targets.scanCheckP90Ms, 'ms'),
          `first ${Math.round(firstCheckMs)} ms (worker and wasm start)`,
        ],
        [
          `preview update after a design change, ${updates.length} changes`,
          `median ${oneDecimal(previewMedian)} ms, p95 ${oneDecimal(previewP95)} ms`,
          verdict(Math.round(previewP95), targets.previewP95Ms, 'ms'),
          `max ${oneDecimal(Math.max(...updates))} ms`,
        ],
      ],
      align: 'lrll',
      data: {
        own,
        shared,
        ownGzipBytes: gzipOf(own),
        restoresMs: restores,
        restoreMs,
        generator,
        generatorGzipBytes: gzipOf(generator),
        previewUpdatesMs: updates,
        previewMedian,
        previewP95,
        scanCheckFirstMs: firstCheckMs,
        scanCheckMs: checkTimes,
        scanCheckMedian: checkMedian,
        scanCheckP90: checkP90,
        scanCheckGzipBytes: gzipOf(checkFiles) + wasm.gzip,
      },
    };
  } finally {
    await anonymous.close();
    await context.close();
    await server.stop();
  }
}

const readDist = (file) => readFileSync(join(root, 'dist', file), 'utf8');

/** The scan worker's script(s) in dist/, their gzip sizes recorded in `files`. */
function scanWorkers(files) {
  const names = readdirSync(join(root, 'dist', 'assets'))
    .filter((name) => /^scan-worker-.*\.js$/.test(name))
    .map((name) => `/assets/${name}`);
  for (const name of names) {
    if (!files.has(name)) files.set(name, gzipBytes(readFileSync(join(root, 'dist', name))));
  }
  return names;
}

/** The same-origin .wasm files a context downloads, with their total gzip size. */
function collectWasm(context, origin) {
  const result = { files: [], gzip: 0 };
  context.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin !== origin || !url.pathname.endsWith('.wasm')) return;
    if (result.files.includes(url.pathname)) return;
    result.files.push(url.pathname);
    result.gzip += gzipBytes(readFileSync(join(root, 'dist', url.pathname)));
  });
  return result;
}

function sparsePdf() {
  const folder = join(root, 'bench-results');
  mkdirSync(folder, { recursive: true });
  const path = join(folder, 'drawing.pdf');
  writeFileSync(path, '%PDF-1.4\n');
  truncateSync(path, fileBytes);
  return path;
}
