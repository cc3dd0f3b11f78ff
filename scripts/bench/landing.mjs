// Bench section for the landing pages of dynamic codes (functions/src/landing.ts) and the files
// they host (functions/src/file-api.ts, file-serve.ts). Figures, never assertions, all through the
// emulators of scripts/serve/serve.mjs (Hosting on a free port, Functions, Auth, Firestore on 8181):
//
// 1. Size: the HTML a short link answers with, per kind of page (to a desktop browser, so the
//    apps page is the one with both stores), as sent and gzip -9 in-process, and with what it
//    loads from the site (/short-link.css, the logo, the icon, the coupon's /landing.js: each
//    fetched once, being shared and cached): the bytes before any hosted file, against 20 KB.
// 2. Time to first byte (fetch settling with the response's headers, on a kept-alive connection)
//    of /q/<id> through Hosting's rewrite to the `qr` function. A request of its own starts the
//    function's worker first; then per page one cold request (the link's first read) and 20 warm,
//    one after another (within the link reader's 5 s memory: no Firestore read).
// 3. An upload of a 10 MB PDF through Hosting to the `files` function on loopback, as the page
//    sends one (src/domain/qr/hosting.ts: POST /api/files, then PUT chunks of CHUNK_BYTES one
//    after the other), by a new user of the Auth emulator whose email is verified. The last PUT
//    includes the server's hash of the whole file, read back from Firestore. Then the file read
//    back through its link's /q/<id>/f/<sha256> (the `hosted` function): all of it, in ranges
//    as a player asks (an answer is at most 4 MiB), and a 1 MB Range from its middle.
//
// For the pages, that user uploads a small PDF, a menu PDF, a PNG, an MP3 and an MP4 the same
// way, and each page's link document, as the server writes it (functions/src/link-sync.ts), goes
// straight into Firestore, owned by that user; a file page names the type the server sniffed.
// Each part stops by itself at its time limit, and every request at its own. BENCH_UPLOAD_MB (10)
// sizes the upload for quick runs. The emulators' ports are fixed: start the bench under the
// shared lock, `flock /tmp/kcw-emulators.lock node scripts/bench/bench.mjs landingPages`.
import { createHash, randomBytes } from 'node:crypto';
import { basename, join } from 'node:path';
import { seedFirestore } from '../serve/firestore-emulator.mjs';
import {
  domainModule,
  envNumber,
  firebase,
  gzipBytes,
  kb,
  median,
  ms,
  oneDecimal,
  percentile,
  projectId,
  startServe,
  sum,
  verdict,
} from './lib.mjs';

const warmRuns = 20;
const readRuns = 3;
const targets = { beforeFileKb: 20 };
/** The key the build uses without VITE_FIREBASE_* variables (the emulator accepts any). */
const apiKey = 'demo-kcw-key';
const password = 'Bench-pass-1';

/** A computer's browser: the apps page sends phones on to their store, and shows it to others. */
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/** The upload's size (1 MB = 1,000,000 B, as the bench's KB are 1000 B). */
const uploadBytes = Math.round((envNumber('BENCH_UPLOAD_MB', 10) || 10) * 1_000_000);
const rangeBytes = Math.min(1_000_000, uploadBytes);

const limits = {
  setupMs: 90_000,
  pagesMs: 120_000,
  uploadMs: 180_000,
  readMs: 90_000,
  requestMs: 60_000,
};

/** The whole section's hard limit, which bench.mjs adds to its own (serve.mjs may take 90 s). */
landingPages.budgetMs =
  90_000 + limits.setupMs + limits.pagesMs + limits.uploadMs + limits.readMs + 30_000;

/** The small files the file pages show: what the page's content check would accept. */
const smallFiles = {
  pdf: {
    field: 'pdfFile',
    name: 'Price list 2026.pdf',
    bytes: new TextEncoder().encode(
      '%PDF-1.1\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    ),
  },
  menu: {
    field: 'menuFile',
    name: 'Winter menu.pdf',
    bytes: new TextEncoder().encode(
      '%PDF-1.1\n% menu\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    ),
  },
  image: {
    field: 'imageFile',
    name: 'Shop front.png',
    bytes: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    ),
  },
  audio: {
    field: 'audioFile',
    name: 'Welcome message.mp3',
    // An empty ID3v2 tag, then an MPEG-1 layer III frame header.
    bytes: Uint8Array.from([
      ...new TextEncoder().encode('ID3'),
      ...[0x03, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff, 0xfb, 0x90, 0x64],
    ]),
  },
  video: {
    field: 'videoFile',
    name: 'Workshop tour.mp4',
    // An MP4's `ftyp` box.
    bytes: Uint8Array.from([
      ...[0x00, 0x00, 0x00, 0x18],
      ...new TextEncoder().encode('ftypisom'),
      ...[0x00, 0x00, 0x02, 0x00],
      ...new TextEncoder().encode('isommp41'),
    ]),
  },
};

/** The pages measured, in order; `draft` is the page before its addresses are made canonical. */
const pageKinds = [
  {
    key: 'contact',
    label: 'contact card (vCard)',
    draft: () => ({
      kind: 'contact',
      card: {
        firstName: 'Thandi',
        lastName: 'Nkosi',
        phone: '+27 11 555 0100',
        mobile: '+27 82 555 0199',
        fax: '+27 11 555 0101',
        email: 'thandi@kemptoncodeworks.co.za',
        website: 'kemptoncodeworks.co.za/team/thandi',
        company: 'Kempton Code Works',
        job: 'Workshop manager',
        street: '12 Long Street',
        city: 'Kempton Park',
        postalCode: '1619',
        country: 'South Africa',
      },
    }),
  },
  {
    key: 'business',
    label: 'business',
    draft: () => ({
      kind: 'business',
      name: 'Kempton Code Works',
      url: 'https://kemptoncodeworks.co.za/',
    }),
  },
  {
    key: 'coupon',
    label: 'coupon',
    draft: () => ({ kind: 'coupon', code: 'WINTER-2026-15', title: '15% off a custom PC build' }),
  },
  {
    key: 'links',
    label: 'link list (5 links)',
    draft: () => ({
      kind: 'links',
      links: [
        'https://kemptoncodeworks.co.za/',
        'https://kemptoncodeworks.co.za/CustomPC',
        'https://www.facebook.com/kemptoncodeworks',
        'https://www.instagram.com/kemptoncodeworks/',
        'https://wa.me/27825550199',
      ],
    }),
  },
  {
    key: 'apps',
    label: 'apps (desktop: both stores)',
    draft: () => ({
      kind: 'apps',
      appStore: 'https://apps.apple.com/za/app/kempton-code-works/id1234567890',
      googlePlay: 'https://play.google.com/store/apps/details?id=za.co.kemptoncodeworks.app',
    }),
  },
  ...[
    ['pdf', 'PDF', 'Our price list'],
    ['menu', 'menu (PDF)', 'Winter menu'],
    ['image', 'image (PNG)', 'Our shop'],
    ['audio', 'audio (MP3)', 'A welcome'],
    ['video', 'video (MP4)', 'The workshop'],
  ].map(([key, label, title]) => ({
    key,
    label,
    draft: (held) => ({ kind: 'file', field: smallFiles[key].field, file: held[key], title }),
  })),
];

const linkId = (key) => `benchLanding-${key}`;
const bigLinkId = 'benchLanding-upload';

export async function landingPages() {
  // The app's own domain code: the upload protocol's constants, and pages in the form links keep.
  const [hosting, landing, links, files] = await Promise.all(
    ['qr/hosting.ts', 'qr/landing.ts', 'records/links.ts', 'records/files.ts'].map(domainModule),
  );
  const server = await startServe();
  const failures = [];
  const results = {};
  try {
    const site = { baseUrl: server.baseUrl, hosting, landing, links, files };
    const setup = await part('setup', limits.setupMs, failures, (signal) =>
      seedPages(site, signal),
    );
    if (!setup) throw new Error(failures.join('\n'));
    results.pages = await part('pages', limits.pagesMs, failures, (signal) =>
      measurePages(site, signal),
    );
    results.upload = await part('upload', limits.uploadMs, failures, (signal) =>
      measureUpload(site, setup.user, signal),
    );
    if (results.upload) {
      results.readBack = await part('read-back', limits.readMs, failures, (signal) =>
        measureReadBack(site, setup.user, results.upload, signal),
      );
    }
  } finally {
    // Throws when serve.mjs or its emulators tried to reach a host outside 127.0.0.1.
    await server.stop();
  }
  if (!results.pages && !results.upload) throw new Error(failures.join('\n'));
  return report(results, failures);
}

/**
 * Runs one part with `signal`, which cuts its requests at `limitMs`; the part also ends then if
 * it waits on anything else. A failure is noted and the part's figures are null.
 */
async function part(name, limitMs, failures, run) {
  const signal = AbortSignal.timeout(limitMs);
  const cut = new Promise((_, reject) =>
    signal.addEventListener('abort', () => reject(new Error('cut')), { once: true }),
  );
  try {
    return await Promise.race([run(signal), cut]);
  } catch (error) {
    failures.push(
      `${name}: ${signal.aborted ? `cut at its ${limitMs / 1000} s limit` : error.message}`,
    );
    return null;
  }
}

/** A part's signal with the time limit of one request. */
const requestSignal = (signal) => AbortSignal.any([signal, AbortSignal.timeout(limits.requestMs)]);

/** GET url as a desktop browser, timed to its headers (first byte) and to the end of its body. */
async function timedGet(url, signal, headers = {}) {
  const started = performance.now();
  const response = await fetch(url, {
    headers: { 'User-Agent': DESKTOP, ...headers },
    redirect: 'manual',
    signal: requestSignal(signal),
  });
  const firstByteMs = performance.now() - started;
  const body = Buffer.from(await response.arrayBuffer());
  return { response, body, firstByteMs, totalMs: performance.now() - started };
}

/** POSTs or PUTs to the emulators and reads the JSON answer; throws on an error answer. */
async function callJson(url, init, signal, what) {
  const response = await fetch(url, { ...init, signal: requestSignal(signal) });
  const text = await response.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON: reported with the text below
  }
  if (!response.ok || !json || json.ok === false) {
    throw new Error(`${what}: HTTP ${response.status} ${json ? JSON.stringify(json) : text}`);
  }
  return json;
}

// --- setup ---------------------------------------------------------------------------------------

/**
 * A verified user, the small files uploaded by them, and a link document for each page; returns
 * the user.
 */
async function seedPages(site, signal) {
  const user = await verifiedUser(signal);
  const held = {};
  for (const [key, file] of Object.entries(smallFiles)) {
    const { sha256 } = await upload(site, user, file, signal);
    held[key] = {
      sha256,
      name: file.name,
      size: file.bytes.length,
      type: await sniffedType(site, user.uid, sha256, signal),
    };
  }
  const host = new URL(site.baseUrl).host;
  const documents = {};
  for (const { key, draft } of pageKinds) {
    documents[site.links.linkPath(linkId(key))] = linkDocument(
      site,
      user.uid,
      key,
      draft(held),
      host,
    );
  }
  await seedFirestore({ port: firebase.emulators.firestore.port, projectId, documents });
  return { user };
}

/** A new user of the Auth emulator, email verified; signed in for an ID token. */
async function verifiedUser(signal) {
  const { host, port } = firebase.emulators.auth;
  const base = `http://${host}:${port}/identitytoolkit.googleapis.com/v1`;
  const email = `bench-landing-${Date.now().toString(36)}@kemptoncodeworks.test`;
  const created = await callJson(
    `${base}/projects/${projectId}/accounts`,
    {
      method: 'POST',
      // As the Admin SDK: only it may set emailVerified.
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
      body: JSON.stringify({ email, password, emailVerified: true }),
    },
    signal,
    'creating the bench user',
  );
  const signedIn = await callJson(
    `${base}/accounts:signInWithPassword?key=${apiKey}`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
    signal,
    'signing the bench user in',
  );
  return { uid: created.localId, token: signedIn.idToken };
}

/** The media type the server found in a file's bytes (its document's `type`). */
async function sniffedType({ files }, uid, sha256, signal) {
  const { host, port } = firebase.emulators.firestore;
  const path = files.filePath(uid, sha256);
  const response = await fetch(
    `http://${host}:${port}/v1/projects/${projectId}/databases/(default)/documents/${path}`,
    { headers: { Authorization: 'Bearer owner' }, signal: requestSignal(signal) },
  );
  if (!response.ok) throw new Error(`reading ${path}: ${response.status}`);
  const type = (await response.json()).fields?.type?.stringValue;
  if (!type) throw new Error(`${path} has no type: its upload did not finish`);
  return type;
}

/** A link document as the server writes it (records/links.ts newLink), showing `draft`. */
function linkDocument({ landing, links }, uid, key, draft, host) {
  const check = landing.checkedPage(draft, { siteHosts: [host] });
  if (!check.ok) throw new Error(`the ${key} page: ${check.message}`);
  return links.newLink(
    {
      owner: uid,
      code: `bench-landing-${key}`,
      destination: check.destination,
      locked: false,
    },
    { $timestamp: new Date().toISOString() },
  );
}

/**
 * Uploads `bytes` as the page does: POST, then a PUT per chunk from where the server's copy ends.
 * Returns the hash and the time of each request.
 */
async function upload({ baseUrl, hosting }, user, { bytes, name, field }, signal) {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const api = `${baseUrl}${hosting.FILES_API_PATH}`;
  const headers = { Authorization: `Bearer ${user.token}` };
  const started = performance.now();
  let answer = await callJson(
    api,
    {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ sha256, size: bytes.length, name, field }),
    },
    signal,
    `POST ${hosting.FILES_API_PATH} (${name})`,
  );
  const startMs = performance.now() - started;
  const chunkMs = [];
  while (!answer.complete) {
    const offset = answer.received;
    const chunkStarted = performance.now();
    answer = await callJson(
      `${api}/${sha256}?offset=${offset}`,
      {
        method: 'PUT',
        headers: { ...headers, 'Content-Type': 'application/octet-stream' },
        body: bytes.subarray(offset, offset + hosting.CHUNK_BYTES),
      },
      signal,
      `PUT at ${offset} of ${name}`,
    );
    chunkMs.push(performance.now() - chunkStarted);
    if (!answer.complete && answer.received <= offset) {
      throw new Error(`the upload of ${name} did not move on from ${offset}`);
    }
  }
  return { sha256, startMs, chunkMs, totalMs: performance.now() - started };
}

// --- 1 and 2: the pages --------------------------------------------------------------------------

/**
 * Each page's first (cold) and next warm answers, its size, and the site's files it loads, each
 * fetched once.
 */
async function measurePages({ baseUrl }, signal) {
  // Starts the qr function's worker, with a link that does not exist (a 404).
  const started = await timedGet(`${baseUrl}/q/benchLanding-none`, signal);
  const pages = [];
  for (const { key, label } of pageKinds) {
    const url = `${baseUrl}/q/${linkId(key)}`;
    const cold = await pageAnswer(url, signal);
    const warmMs = [];
    for (let run = 0; run < warmRuns; run++) {
      warmMs.push((await pageAnswer(url, signal)).firstByteMs);
    }
    const html = cold.body.toString('utf8');
    pages.push({
      key,
      label,
      bytes: cold.body.length,
      gzipBytes: gzipBytes(cold.body),
      loads: siteFilesOf(html),
      coldMs: cold.firstByteMs,
      warmMs,
      warmMedianMs: median(warmMs),
      warmP90Ms: percentile(warmMs, 90),
    });
  }
  const paths = new Set(['/short-link.css', '/landing.js', ...pages.flatMap((page) => page.loads)]);
  const files = {};
  for (const path of paths) {
    const { response, body } = await timedGet(`${baseUrl}${path}`, signal);
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    files[path] = { bytes: body.length, gzipBytes: gzipBytes(body) };
  }
  for (const page of pages) {
    const loaded = page.loads.map((path) => files[path]);
    page.beforeFileBytes = page.bytes + sum(loaded.map((file) => file.bytes));
    page.beforeFileGzipBytes = page.gzipBytes + sum(loaded.map((file) => file.gzipBytes));
  }
  return {
    workerStartMs: started.firstByteMs,
    workerStartStatus: started.response.status,
    pages,
    files,
  };
}

/** A landing page's answer; fails on anything but a 200 page. */
async function pageAnswer(url, signal) {
  const answer = await timedGet(url, signal);
  const { status, headers } = answer.response;
  if (status !== 200 || !headers.get('content-type')?.startsWith('text/html')) {
    throw new Error(`${new URL(url).pathname} answered ${status} ${headers.get('content-type')}`);
  }
  return answer;
}

/** The site's own files a page loads (stylesheet, icon, logo, script), not its hosted file. */
const siteFilesOf = (html) => [
  ...new Set(
    [...html.matchAll(/<(?:link|script|img)\b[^>]*?\s(?:href|src)="(\/[^"]*)"/g)]
      .map((match) => match[1])
      .filter((path) => !path.startsWith('/q/')),
  ),
];

// --- 3: the upload and its read-back -------------------------------------------------------------

/** A PDF of `uploadBytes`: the header the server sniffs, then bytes that do not compress. */
function bigPdf() {
  const bytes = randomBytes(uploadBytes);
  bytes.write('%PDF-1.7\n', 0, 'latin1');
  return bytes;
}

async function measureUpload(site, user, signal) {
  const bytes = bigPdf();
  const name = 'Catalogue 2026.pdf';
  const { sha256, startMs, chunkMs, totalMs } = await upload(
    site,
    user,
    { bytes, name, field: 'pdfFile' },
    signal,
  );
  const before = chunkMs.slice(0, -1);
  return {
    bytes: uploadBytes,
    sha256,
    name,
    chunkBytes: site.hosting.CHUNK_BYTES,
    chunks: chunkMs.length,
    startMs,
    chunkMs,
    chunkMedianMs: before.length ? median(before) : NaN,
    chunkP90Ms: percentile(before, 90),
    lastChunkMs: chunkMs.at(-1),
    totalMs,
    mbPerS: uploadBytes / 1e6 / (totalMs / 1000),
  };
}

/** The uploaded file through a link of its own: all of it, then a 1 MB range, `readRuns` each. */
async function measureReadBack(site, user, uploaded, signal) {
  const file = {
    sha256: uploaded.sha256,
    name: uploaded.name,
    size: uploaded.bytes,
    type: await sniffedType(site, user.uid, uploaded.sha256, signal),
  };
  const draft = { kind: 'file', field: 'pdfFile', file, title: 'Our catalogue' };
  const host = new URL(site.baseUrl).host;
  await seedFirestore({
    port: firebase.emulators.firestore.port,
    projectId,
    documents: {
      [site.links.linkPath(bigLinkId)]: linkDocument(site, user.uid, 'upload', draft, host),
    },
  });
  const url = `${site.baseUrl}${site.hosting.hostedFilePath(bigLinkId, file.sha256)}`;
  const whole = [];
  let matches = true;
  for (let run = 0; run < readRuns; run++) {
    // As a player reads it: one range after the other, each answer at most 4 MiB (the `hosted`
    // function's cap, functions/src/file-serve.ts), from the start to the end.
    const started = performance.now();
    const parts = [];
    for (let from = 0; from < file.size;) {
      const { response, body } = await timedGet(url, signal, { Range: `bytes=${from}-` });
      if (response.status !== 206 && response.status !== 200) {
        throw new Error(`bytes=${from}- answered ${response.status}`);
      }
      parts.push(body);
      from += body.length;
      if (body.length === 0) throw new Error(`bytes=${from}- answered nothing`);
    }
    matches &&= createHash('sha256').update(Buffer.concat(parts)).digest('hex') === file.sha256;
    whole.push(performance.now() - started);
  }
  const start = Math.floor((file.size - rangeBytes) / 2);
  const end = start + rangeBytes - 1;
  const ranged = [];
  for (let run = 0; run < readRuns; run++) {
    const { response, body, totalMs } = await timedGet(url, signal, {
      Range: `bytes=${start}-${end}`,
    });
    if (response.status !== 206 || body.length !== rangeBytes) {
      throw new Error(`bytes=${start}-${end} answered ${response.status}, ${body.length} B`);
    }
    ranged.push(totalMs);
  }
  const wholeMs = median(whole);
  return {
    wholeMs: whole,
    wholeMedianMs: wholeMs,
    wholeMbPerS: file.size / 1e6 / (wholeMs / 1000),
    bytesMatch: matches,
    range: `bytes=${start}-${end}`,
    rangeMs: ranged,
    rangeMedianMs: median(ranged),
  };
}

// --- printing ------------------------------------------------------------------------------------

const kbText = (bytes) => `${oneDecimal(kb(bytes))} KB`;
const list = (values) => `[${values.map((value) => Math.round(value)).join(', ')}]`;

function report({ pages, upload, readBack }, failures) {
  const more = [];
  const rows = [['page', 'HTML', 'gzip', 'with what it loads', 'gzip', 'goal', 'loads']];
  if (pages) {
    for (const page of pages.pages) {
      rows.push([
        page.label,
        kbText(page.bytes),
        kbText(page.gzipBytes),
        kbText(page.beforeFileBytes),
        kbText(page.beforeFileGzipBytes),
        verdict(kb(page.beforeFileBytes), targets.beforeFileKb, 'KB'),
        page.loads.map((path) => basename(path)).join(' '),
      ]);
    }
    for (const [path, file] of Object.entries(pages.files)) {
      const users = pages.pages.filter((page) => page.loads.includes(path)).length;
      rows.push([
        `${path} (shared, cached)`,
        kbText(file.bytes),
        kbText(file.gzipBytes),
        '',
        '',
        '',
        `loaded by ${users} of ${pages.pages.length} pages`,
      ]);
    }
    more.push({
      title:
        `Landing pages: time to first byte of /q/<id> (Hosting → qr function; one cold request, ` +
        `then ${warmRuns} warm):`,
      rows: [
        ['page', 'cold', `median of ${warmRuns}`, 'p90', 'slowest'],
        [
          `qr function's first request (starts its worker; a ${pages.workerStartStatus})`,
          ms(pages.workerStartMs),
          '',
          '',
          '',
        ],
        ...pages.pages.map((page) => [
          page.label,
          ms(page.coldMs),
          ms(page.warmMedianMs),
          ms(page.warmP90Ms),
          ms(Math.max(...page.warmMs)),
        ]),
      ],
      align: 'lrrrr',
    });
  } else {
    rows.push(['(not measured: see below)']);
  }
  if (upload) {
    const mb = oneDecimal(upload.bytes / 1e6);
    const uploadRows = [
      [
        'file',
        `${mb} MB PDF`,
        `${upload.chunks} chunks of ${upload.chunkBytes / 1024} KiB, one after the other`,
      ],
      ['POST /api/files', ms(upload.startMs), ''],
      [
        'PUT of a chunk but the last: median / p90',
        `${ms(upload.chunkMedianMs)} / ${ms(upload.chunkP90Ms)}`,
        list(upload.chunkMs.slice(0, -1)),
      ],
      ['last PUT (the server hashes the whole file)', ms(upload.lastChunkMs), ''],
      [
        'upload in all',
        `${oneDecimal(upload.totalMs / 1000)} s`,
        `${oneDecimal(upload.mbPerS)} MB/s`,
      ],
    ];
    if (readBack) {
      uploadRows.push(
        [
          `read back whole in 4 MiB ranges, median of ${readRuns}`,
          ms(readBack.wholeMedianMs),
          `${oneDecimal(readBack.wholeMbPerS)} MB/s ${list(readBack.wholeMs)}, ` +
            `bytes ${readBack.bytesMatch ? 'match ✓' : 'differ ✗'}`,
        ],
        [
          `read back 1 MB Range, median of ${readRuns}`,
          ms(readBack.rangeMedianMs),
          `${readBack.range} ${list(readBack.rangeMs)}`,
        ],
      );
    }
    more.push({
      title: `Hosted file upload on loopback (Hosting → files function → Firestore emulator; 1 MB = 1,000,000 B):`,
      rows: uploadRows,
      align: 'lrl',
    });
  }
  if (failures.length > 0) {
    more.push({
      title: 'Landing pages: not measured',
      rows: failures.map((failure) => [failure]),
    });
  }
  return {
    key: 'landingPages',
    title:
      'Landing pages of dynamic codes (desktop user agent, through the emulators; 1 KB = 1000 B, ' +
      `gzip -9 in-process; goal: under ${targets.beforeFileKb} KB before any file):`,
    rows,
    align: 'lrrrrll',
    more,
    data: {
      ...pages,
      holds: pages?.pages.every((page) => kb(page.beforeFileBytes) <= targets.beforeFileKb),
      upload,
      readBack,
      failures,
    },
  };
}
