// How long the `mail` function takes to draw a code's three files (functions/src/code-files.ts:
// the SVG, the PNG by resvg, the vector PDF by pdfkit), and the memory it takes. Run by hand:
//
//   node scripts/bench/mail.mjs
//
// It bundles the drawing with the functions' own Vite config (as lib/index.js is built) into
// functions/node_modules/.cache/, where the bundle finds the renderers as lib/index.js does, then
// measures in a fresh node process of its own (no build in its memory): the time to load the modules, the first drawing (cold: the renderers start,
// the font is read), the median of BENCH_MAIL_RUNS (10) more (warm), for a typical code (a web
// address, the default design), a framed one with a PNG logo and one with a WebP logo (decoded by
// WebAssembly, started on its first use); then BENCH_MAIL_CONCURRENCY (10, the function's
// concurrency) drawings at once, with the process's peak resident memory. Only this machine's CPU
// is used: no network, no emulator.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { envNumber, median, root, section } from './lib.mjs';

const RUNS = envNumber('BENCH_MAIL_RUNS', 10);
const CONCURRENCY = envNumber('BENCH_MAIL_CONCURRENCY', 10);
const folder = join(root, 'functions/node_modules/.cache/kcw-bench-mail');

/** A logo as a data: URL: a 240 px PNG, or the same as WebP, drawn by resvg from a small SVG. */
async function sampleLogos() {
  const { Resvg } = await import(
    pathToFileURL(join(root, 'functions/node_modules/@resvg/resvg-js/index.js')).href
  );
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240"><rect width="240" height="240" fill="#fff"/><circle cx="120" cy="120" r="100" fill="#002D17"/><path d="M90 60v120M90 120l60-60M90 120l60 60" stroke="#fff" stroke-width="24"/></svg>';
  const png = new Resvg(svg).render().asPng();
  return { png: `data:image/png;base64,${Buffer.from(png).toString('base64')}` };
}

const ms = (value) => `${Math.round(value)} ms`;
const mb = (bytes) => `${(bytes / 1e6).toFixed(0)} MB`;

async function bundle() {
  mkdirSync(folder, { recursive: true });
  await build({
    configFile: join(root, 'functions/vite.config.ts'),
    logLevel: 'warn',
    build: {
      ssr: join(root, 'scripts/bench/mail-entry.ts'),
      outDir: folder,
      emptyOutDir: true,
      sourcemap: false,
      rollupOptions: { output: { entryFileNames: 'drawing.mjs' } },
    },
  });
}

async function measure() {
  const rssBefore = process.memoryUsage().rss;
  let started = performance.now();
  const { codeFiles, defaultDesign } = await import(
    pathToFileURL(join(folder, 'drawing.mjs')).href
  );
  const loaded = performance.now() - started;
  const logos = await sampleLogos();
  const webp = await webpOf(logos.png);
  const text = (index) => `https://kemptoncodeworks.co.za/specials?utm_source=qr&n=${index}`;
  const designs = {
    'a web address, default design': { ...defaultDesign, logo: null },
    'framed, with a PNG logo': {
      ...defaultDesign,
      logo: logos.png,
      frame: 'rounded-bottom-tab',
      frameText: 'Scan for specials',
      pattern: 'dots',
    },
    'with a WebP logo': { ...defaultDesign, logo: webp, pattern: 'classy-rounded' },
  };
  const rows = [['loading the drawing modules', ms(loaded)]];
  let sizes;
  for (const [name, design] of Object.entries(designs)) {
    started = performance.now();
    const first = await codeFiles(design, text(0), 'Bench');
    const cold = performance.now() - started;
    if (!first.ok) throw new Error(first.message);
    const times = [];
    for (let index = 1; index <= RUNS; index += 1) {
      started = performance.now();
      await codeFiles(design, text(index), 'Bench');
      times.push(performance.now() - started);
    }
    rows.push([`${name}: first (cold)`, ms(cold)]);
    rows.push([`${name}: median of ${RUNS} (warm)`, ms(median(times))]);
    sizes ??= first.files;
  }
  rows.push([
    'files of a typical code (PNG, SVG, PDF)',
    `${(sizes.png.length / 1000).toFixed(0)} KB, ${(sizes.svg.length / 1000).toFixed(0)} KB, ${(sizes.pdf.length / 1000).toFixed(0)} KB`,
  ]);

  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, (_, index) =>
      codeFiles(designs['framed, with a PNG logo'], text(100 + index), 'Bench'),
    ),
  );
  const burst = performance.now() - started;
  clearInterval(sampler);
  rows.push([`${CONCURRENCY} framed codes with a logo at once: all drawn`, ms(burst)]);
  rows.push(['resident memory: before loading, peak', `${mb(rssBefore)}, ${mb(peak)}`]);
  section('The mail function draws a saved code (node scripts/bench/mail.mjs)', rows);
}

/** The PNG logo as WebP, by the decoder's sibling encoder (a photo's thumbnail is saved as WebP). */
async function webpOf(pngUrl) {
  const base = join(root, 'functions/node_modules/@jsquash');
  const { default: encode, init } = await import(pathToFileURL(join(base, 'webp/encode.js')).href);
  // Node has WebAssembly SIMD, so the encoder loads its SIMD build: given its bytes, never fetched.
  await init({ wasmBinary: readFileSync(join(base, 'webp/codec/enc/webp_enc_simd.wasm')) });
  const { Resvg } = await import(
    pathToFileURL(join(root, 'functions/node_modules/@resvg/resvg-js/index.js')).href
  );
  const rendered = new Resvg(
    `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240"><image href="${pngUrl}" width="240" height="240"/></svg>`,
  ).render();
  const pixels = { data: new Uint8ClampedArray(rendered.pixels), width: 240, height: 240 };
  const bytes = await encode(pixels, { quality: 75 });
  return `data:image/webp;base64,${Buffer.from(bytes).toString('base64')}`;
}

if (process.argv[2] === '--measure') {
  await measure();
} else {
  await bundle();
  const run = spawnSync(process.execPath, [import.meta.filename, '--measure'], {
    stdio: 'inherit',
    timeout: 600_000,
  });
  process.exitCode = run.status ?? 1;
}
