// Bench section for codes from a sheet (/UserBulk, src/features/qr/bulk/): a new user with a
// verified address and a paid plan (as marking an order paid stores it) signs in, then
//
// 1. chooses a 1,000-row Website sheet (CSV with an id column) three times, static and then
//    dynamic: the page's own `bulk-sheet-checked` measure, from the file chosen to its checked rows
//    first shown (goal under 2 s);
// 2. confirms each: the time from the click to "Written 1 000 of 1 000 rows", for static codes and
//    for dynamic ones (each gets its short link through the Functions emulator);
// 3. prints the dynamic batch: "Check 1 000 codes for print", then the ZIP (PNG, SVG and PDF of
//    each) to its download, with the page's longest task meanwhile (goal under 200 ms), then the
//    label sheets (Avery L7160).
//
// Times are the page's own clock: a capturing listener notes the trusted click, and the text that
// says an output is done is polled every 100 ms. Long tasks and long animation frames (with the
// scripts they ran, for where the time went) are observed from the page's start, and a trace of
// each download gives its long tasks' CPU time beside their wall time. No screenshot is taken: in
// this environment one makes the drawing of codes slow for a while afterwards.
//
// Bounded: every wait has a time-out, and the section a budget beyond the bench's own limit.
// BENCH_BULK_ROWS (1000) makes a quicker run with fewer rows.
import { statSync } from 'node:fs';
import {
  domainModule,
  envNumber,
  firebase,
  median,
  ms,
  newUser,
  projectId,
  startServe,
  verdict,
} from './lib.mjs';
import { seedFirestore } from '../serve/firestore-emulator.mjs';

const rowCount = Math.max(1, Math.min(1000, envNumber('BENCH_BULK_ROWS', 1000)));
/** Times each sheet is chosen (a fresh check each: a new batch). */
const checkRuns = 3;
const targets = { checkMs: 2000, zipLongestTaskMs: 200 };
const password = 'Bench-pass-1';
/** SHEET_CHECKED_MEASURE of src/features/qr/bulk/bulk-maker.tsx. */
const checkedMeasure = 'bulk-sheet-checked';
const label = 'Sheet (CSV or Excel .xlsx)';
/** The longest any one step may take here (a busy 2-CPU machine), per 1,000 codes. */
const stepMs = { page: 60_000, write: 400_000, print: 900_000 };
const stepLimit = (name) => Math.max(stepMs.page, (stepMs[name] * rowCount) / 1000);

/**
 * Beyond the bench's own limit: 2,000 codes written, and 1,000 drawn and checked, then drawn again
 * for the ZIP and the labels, took 13-14 minutes on 2 CPUs.
 */
bulk.budgetMs = 30 * 60_000;

export async function bulk({ browser }) {
  const server = await startServe();
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    await context.addInitScript(watchThePage);
    const user = await newUser('bulk', password, { emailVerified: true });
    await seedPlan(user.uid);
    const page = await context.newPage();
    await signIn(page, server.baseUrl, user.email);

    // Each step needs the one before it; one that fails keeps the figures of those before.
    const steps = {};
    let failed = null;
    const step = async (name, run) => {
      if (failed) return;
      try {
        steps[name] = await run();
      } catch (error) {
        failed = `${name}: ${error.message}`;
        console.error(`\nbulk: ${failed}`);
      }
    };
    await step('static', () => makeCodes(page, { dynamic: false, prefix: 's' }));
    await step('dynamic', async () => {
      await page.goto(`${server.baseUrl}/UserBulk`);
      return makeCodes(page, { dynamic: true, prefix: 'd' });
    });
    await step('prints', () => printOutputs(page));
    if (!steps.static) throw new Error(failed);
    return report(steps, failed);
  } finally {
    await context.close();
    await server.stop();
  }
}

const seconds = (value) => `${(value / 1000).toFixed(1)} s`;

/** The section's tables and figures from the steps that ran, and why the rest did not. */
function report({ static: plain, dynamic, prints }, failed) {
  const many = count(rowCount);
  const checks = [...plain.checksMs, ...(dynamic?.checksMs ?? [])];
  const checkMs = median(checks);
  const listed = (values) => `[${values.map(Math.round).join(', ')}]`;
  const rows = [
    [
      `sheet checked in the page, from choosing it (median of ${checks.length})`,
      ms(checkMs),
      verdict(Math.round(checkMs), targets.checkMs, 'ms'),
      `static ${listed(plain.checksMs)}${dynamic ? `, dynamic ${listed(dynamic.checksMs)}` : ''}`,
    ],
    [
      `${many} static codes written, confirm to "Written ${many} of ${many} rows"`,
      seconds(plain.writeMs),
      '',
      plain.outcome,
    ],
  ];
  if (dynamic) {
    rows.push([
      `${many} dynamic codes written, each with its short link`,
      seconds(dynamic.writeMs),
      '',
      dynamic.outcome,
    ]);
  }
  const more = [];
  if (prints) {
    rows.push(...printRows(prints));
    more.push(...printTables(prints));
  }
  if (failed) rows.push(['could not measure the rest', failed.split('\n')[0], '', '']);
  return {
    key: 'bulk',
    title: `Codes from a sheet (${many} Website rows with ids, a paid plan, through the emulators):`,
    rows,
    align: 'lrll',
    more,
    data: {
      rows: rowCount,
      checksMs: { static: plain.checksMs, dynamic: dynamic?.checksMs },
      checkMs,
      checkHolds: checkMs <= targets.checkMs,
      writeStaticMs: plain.writeMs,
      writeDynamicMs: dynamic?.writeMs,
      outcomes: { static: plain.outcome, dynamic: dynamic?.outcome },
      prints,
      zipLongestTaskHolds: prints ? prints.zip.tasks.longestMs <= targets.zipLongestTaskMs : null,
      failed,
    },
  };
}

/** Long tasks as "218 (150 s), 203 (12 s)": each one's time, and when it began after the click. */
const atTimes = (tasks) =>
  tasks.map((task) => `${Math.round(task.ms)} (${Math.round(task.atS)} s)`).join(', ');

function printRows({ check, zip, labels }) {
  const many = count(rowCount);
  const { traced } = zip.tasks;
  return [
    [
      `"Check ${many} codes for print" (dynamic codes)`,
      seconds(check.ms),
      '',
      `${check.summary}; longest task ${ms(check.tasks.longestMs)}`,
    ],
    [
      'the ZIP (PNG, SVG and PDF of each), to its download',
      seconds(zip.ms),
      '',
      `${(zip.bytes / 1e6).toFixed(1)} MB`,
    ],
    [
      'the longest task during the ZIP',
      ms(zip.tasks.longestMs),
      verdict(Math.round(zip.tasks.longestMs), targets.zipLongestTaskMs, 'ms'),
      `${zip.tasks.count} long tasks (median ${ms(zip.tasks.medianMs)}), ` +
        `${seconds(zip.tasks.totalMs)} in all; the longest (s after the click) ${atTimes(zip.tasks.longestAt)}`,
    ],
    [
      "the ZIP's longest tasks in a trace: wall (the main thread's CPU in them)",
      ms(traced.longest[0]?.ms ?? 0),
      '',
      `${traced.count} tasks of 50 ms or more; the longest ` +
        traced.longest
          .map((task) => `${Math.round(task.ms)} (${Math.round(task.cpuMs)})`)
          .join(', ') +
        `; the most CPU in one ${ms(traced.longestCpuMs)}`,
    ],
    [
      'the label sheets (Avery L7160), to their download',
      seconds(labels.ms),
      '',
      `${(labels.bytes / 1e6).toFixed(1)} MB; the longest tasks ${atTimes(labels.tasks.longestAt.slice(0, 3))}; ` +
        `traced ${labels.tasks.traced.longest
          .slice(0, 3)
          .map((task) => `${Math.round(task.ms)} (CPU ${Math.round(task.cpuMs)})`)
          .join(', ')}`,
    ],
  ];
}

function printTables({ check, zip, labels }) {
  return [
    {
      title:
        'Where the long tasks of the print outputs went (the scripts of long animation ' +
        'frames, by entry point and file; a frame is 50 ms or more):',
      rows: [
        ['output', 'entry point (file)', 'frames', 'median', 'longest'],
        ...[
          ['check', check.tasks],
          ['ZIP', zip.tasks],
          ['labels', labels.tasks],
        ].flatMap(([name, tasks]) =>
          tasks.scripts.map((script, index) => [
            index === 0 ? name : '',
            script.where,
            script.frames,
            ms(script.medianMs),
            ms(script.longestMs),
          ]),
        ),
      ],
      align: 'llrrr',
    },
    {
      title:
        'The longest animation frames during the ZIP (a frame holds one or more tasks, ' +
        'then style, layout and paint):',
      rows: [
        ['frame', 'scripts', 'style, layout, paint', 'the longest script'],
        ...zip.tasks.frames.map((frame) => [
          ms(frame.ms),
          ms(frame.scriptMs),
          ms(frame.renderMs),
          `${ms(frame.longestScript.ms)} ${frame.longestScript.where}`,
        ]),
      ],
      align: 'rrrl',
    },
  ];
}

const count = (value) => value.toLocaleString('en-ZA');
/** A number as the page writes it (en-ZA: a space, non-breaking, between thousands), as a pattern. */
const counted = (value) => String(value).replace(/\B(?=(\d{3})+$)/g, '\\s?');

/** A paid plan for a month from now, as marking an order paid stores it (accounts.ts). */
async function seedPlan(uid) {
  const { accountPath, paidPlanFields, trialStartFields } =
    await domainModule('records/accounts.ts');
  const day = 86_400_000;
  const at = (ms) => ({ $timestamp: new Date(ms).toISOString() });
  const paid = paidPlanFields('monthly', at(Date.now() + 30 * day));
  const trial = trialStartFields(at(Date.now() - 60 * day));
  await seedFirestore({
    port: firebase.emulators.firestore.port,
    projectId,
    documents: { [accountPath(uid)]: { terms: { ...trial.terms, ...paid.terms } } },
  });
}

/** Opens /UserBulk, signs in on the login page it sends to, and waits for the maker. */
async function signIn(page, baseUrl, email) {
  await page.goto(`${baseUrl}/UserBulk`);
  await page.waitForURL(`${baseUrl}/Login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL(`${baseUrl}/UserBulk`);
}

/** The tables' sheet: table n keyed `<prefix><n>`, leading to its menu. */
function sheetCsv(prefix) {
  const lines = ['id,Name,Website URL'];
  for (let n = 0; n < rowCount; n++) {
    lines.push(`${prefix}${n},Table ${n},https://example.co.za/menu/${prefix}${n}`);
  }
  return Buffer.from(lines.join('\r\n'));
}

/**
 * Chooses the sheet `checkRuns` times (each a new batch, checked afresh), then writes it: the
 * check's measures, the write's time and what it made.
 */
async function makeCodes(page, { dynamic, prefix }) {
  const sheet = page.getByLabel(label);
  await sheet.waitFor({ timeout: stepMs.page });
  const box = page.getByRole('checkbox', { name: /^Dynamic codes/ });
  await (dynamic ? box.check() : box.uncheck());
  const buffer = sheetCsv(prefix);
  const checksMs = [];
  for (let run = 0; run < checkRuns; run++) {
    const before = await measures(page);
    await sheet.setInputFiles({ name: `tables-${run + 1}.csv`, mimeType: 'text/csv', buffer });
    await page.waitForFunction(
      ({ name, before }) => performance.getEntriesByName(name, 'measure').length > before,
      { name: checkedMeasure, before },
      { timeout: stepMs.page },
    );
    checksMs.push(
      await page.evaluate(
        (name) => performance.getEntriesByName(name).at(-1).duration,
        checkedMeasure,
      ),
    );
  }
  const check = page.getByRole('region', { name: '4. The check' });
  await check
    .getByText(new RegExp(`^All ${counted(rowCount)} rows? (is|are) ready`))
    .waitFor({ timeout: stepMs.page });
  const startedAt = await clickAt(
    page,
    check.getByRole('button', { name: new RegExp(`^Make ${counted(rowCount)} codes?$`) }),
  );
  const written = new RegExp(`Written ${counted(rowCount)} of ${counted(rowCount)} rows`);
  const doneAt = await shownAt(page, written, stepLimit('write'));
  const writing = page.getByRole('region', { name: 'Your codes are made' });
  await writing.getByRole('listitem').first().waitFor({ timeout: stepMs.page });
  const tally = await writing.getByRole('listitem').allTextContents();
  const needYou = await writing.getByRole('table').getByRole('row').count();
  const outcome = `${tally.join(', ')}${needYou ? `; ${needYou - 1} rows need the person` : ''}`;
  return { checksMs, writeMs: doneAt - startedAt, outcome };
}

const measures = (page) =>
  page.evaluate((name) => performance.getEntriesByName(name, 'measure').length, checkedMeasure);

/** The written batch's print check, its ZIP and its label sheets, each timed from its click. */
async function printOutputs(page) {
  const print = page.getByRole('region', { name: '5. Print them' });
  const limit = stepLimit('print');
  const checkButton = print.getByRole('button', { name: /^Check .+ codes for print$/ });
  // Once My QR Codes' listing holds every code of the batch ("Listing the codes for print…").
  await checkButton.waitFor({ timeout: stepLimit('write') }).catch(async (error) => {
    const shown = await page.locator('main').innerText();
    throw new Error(`${error.message.split('\n')[0]}; the page said:\n${shown.slice(-1500)}`);
  });
  const checkAt = await clickAt(page, checkButton);
  const checkedAt = await shownAt(page, /of [\d\s]+ codes are ready to print/, limit);
  const summary = (await print.locator('.bulk__summary').textContent()).trim();
  const check = {
    ms: checkedAt - checkAt,
    summary,
    tasks: await longTasks(page, checkAt, checkedAt),
  };

  const download = async (name, done) => {
    const downloaded = page.waitForEvent('download', { timeout: limit });
    const trace = await traceTasks(page);
    const startedAt = await clickAt(page, print.getByRole('button', { name }));
    const readyAt = await shownAt(page, done, limit);
    const traced = await trace.stop();
    const file = await downloaded;
    const bytes = statSync(await file.path()).size;
    await file.delete();
    const tasks = await longTasks(page, startedAt, readyAt);
    return { ms: readyAt - startedAt, bytes, tasks: { ...tasks, traced } };
  };
  const zip = await download('Download the ZIP (PNG, SVG and PDF of each)', /Ready: \S+\.zip\./);
  const labels = await download('Download the label sheets', /Ready: \S+-avery-l7160\.pdf\./);
  return { check, zip, labels };
}

/**
 * A trace of the renderer's main thread (the `toplevel` category: one event a task) from now;
 * `stop()` gives its tasks of 50 ms or more, the longest first: each one's wall time and the
 * thread's CPU time in it, which tells a task that works long from one that waited (for a CPU on
 * a busy machine, or for the GPU process). Only the long events are kept as they come; the
 * browser's trace buffer (200 MB) holds a few minutes of these.
 */
async function traceTasks(page) {
  const cdp = await page.context().newCDPSession(page);
  const names = new Map();
  const long = [];
  cdp.on('Tracing.dataCollected', ({ value }) => {
    for (const event of value) {
      const thread = `${event.pid}:${event.tid}`;
      if (event.ph === 'M' && event.name === 'thread_name') names.set(thread, event.args?.name);
      else if (event.ph === 'X' && event.dur >= 50_000) long.push({ thread, ...event });
    }
  });
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: ['toplevel'], recordMode: 'recordUntilFull' },
  });
  return {
    async stop() {
      const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.end');
      await complete;
      await cdp.detach();
      // The outermost event of each long task on the renderer's main thread.
      const main = long
        .filter((event) => names.get(event.thread) === 'CrRendererMain')
        .sort((a, b) => a.thread.localeCompare(b.thread) || a.ts - b.ts || b.dur - a.dur);
      const tasks = [];
      for (const event of main) {
        const last = tasks.at(-1);
        if (last?.thread === event.thread && event.ts < last.ts + last.dur) continue;
        tasks.push(event);
      }
      const timed = tasks.map((task) => ({
        ms: task.dur / 1000,
        cpuMs: (task.tdur ?? NaN) / 1000,
      }));
      return {
        longest: [...timed].sort((a, b) => b.ms - a.ms).slice(0, 10),
        longestCpuMs: Math.max(0, ...timed.map((task) => task.cpuMs)),
        count: timed.length,
      };
    },
  };
}

/** Clicks `locator`; the page's clock at the click, as a capturing listener heard it. */
async function clickAt(page, locator) {
  await page.evaluate(() => (window.benchWatch.clickAt = null));
  await locator.click({ timeout: stepMs.page });
  return page.evaluate(() => window.benchWatch.clickAt);
}

/** The page's clock when its text first matches `pattern` (polled every 100 ms). */
async function shownAt(page, pattern, timeout) {
  const handle = await page.waitForFunction(
    ({ source, flags }) =>
      new RegExp(source, flags).test(document.body.textContent ?? '') && performance.now(),
    { source: pattern.source, flags: pattern.flags },
    { polling: 100, timeout },
  );
  return handle.jsonValue();
}

/**
 * The long tasks between `from` and `to` (the page's clock): the longest, how many, their time,
 * the ten longest; and the scripts that ran in the long animation frames meanwhile, by entry point
 * and file (how many frames, the median and longest time a frame gave them), the longest first.
 */
async function longTasks(page, from, to) {
  const found = await page.evaluate(
    ({ from, to }) => {
      const within = (entry) => entry.start >= from && entry.start <= to;
      const byWhere = {};
      const frames = [];
      for (const frame of window.benchWatch.frames.filter(within)) {
        const scripts = frame.scripts.map((script) => {
          const file = script.sourceURL.split('/').at(-1) || script.invokerType;
          const name = script.sourceFunctionName ? `: ${script.sourceFunctionName}` : '';
          const where = `${script.invoker} (${file}${name})`;
          (byWhere[where] ??= []).push(script.duration);
          return { where, ms: script.duration };
        });
        const longest = scripts.reduce((most, script) => (script.ms > most.ms ? script : most), {
          where: '',
          ms: 0,
        });
        frames.push({
          ms: frame.duration,
          scriptMs: scripts.reduce((total, script) => total + script.ms, 0),
          renderMs: frame.renderMs,
          longestScript: longest,
        });
      }
      return {
        tasks: window.benchWatch.tasks
          .filter(within)
          .map((task) => ({ ms: task.duration, atS: (task.start - from) / 1000 })),
        byWhere,
        frames: frames.sort((a, b) => b.ms - a.ms).slice(0, 5),
      };
    },
    { from, to },
  );
  const tasks = found.tasks.map((task) => task.ms);
  const scripts = Object.entries(found.byWhere)
    .map(([where, times]) => ({
      where,
      frames: times.length,
      medianMs: median(times),
      longestMs: Math.max(...times),
    }))
    .sort((a, b) => b.longestMs - a.longestMs);
  return {
    longestMs: Math.max(0, ...tasks),
    count: tasks.length,
    totalMs: tasks.reduce((total, task) => total + task, 0),
    medianMs: tasks.length ? median(tasks) : 0,
    longest: [...tasks].sort((a, b) => b - a).slice(0, 10),
    /** The ten longest with when they began, in seconds from the click. */
    longestAt: [...found.tasks].sort((a, b) => b.ms - a.ms).slice(0, 10),
    scripts: scripts.slice(0, 6),
    frames: found.frames,
  };
}

/**
 * Runs in the page before its own scripts: notes trusted clicks (not saveFile's link.click()),
 * long tasks, and long animation frames with their scripts.
 */
function watchThePage() {
  const watch = { clickAt: null, tasks: [], frames: [] };
  window.benchWatch = watch;
  addEventListener(
    'click',
    (event) => {
      if (event.isTrusted) watch.clickAt = event.timeStamp;
    },
    true,
  );
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      watch.tasks.push({ start: entry.startTime, duration: entry.duration });
    }
  }).observe({ type: 'longtask' });
  if (!PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')) return;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      watch.frames.push({
        start: entry.startTime,
        duration: entry.duration,
        // Style and layout, and the paint after them, to the frame's end.
        renderMs: entry.styleAndLayoutStart
          ? entry.startTime + entry.duration - entry.styleAndLayoutStart
          : 0,
        scripts: entry.scripts.map((script) => ({
          invoker: script.invoker,
          invokerType: script.invokerType,
          sourceURL: script.sourceURL,
          sourceFunctionName: script.sourceFunctionName,
          duration: script.duration,
        })),
      });
    }
  }).observe({ type: 'long-animation-frame' });
}
