// Bench section: Cumulative Layout Shift and Largest Contentful Paint of a first visit to the
// landing routes, under Lighthouse's mobile conditions (slow 4G and a 4× slower CPU, applied
// through the DevTools protocol), read from PerformanceObserver in the page. Median of 3 runs.
import { median, verdict } from './lib.mjs';

const paths = ['/', '/custompc', '/ContactPage'];
const runs = 3;
const targets = { cls: 0.02 };
// Lighthouse's "slow 4G": 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up.
const slow4g = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

export async function firstPaint({ browser, baseUrl }) {
  const rows = [['route', 'CLS', '', 'LCP', 'runs (CLS / LCP ms)']];
  const data = [];
  for (const path of paths) {
    const samples = [];
    for (let run = 0; run < runs; run++) samples.push(await measure(browser, baseUrl + path));
    const cls = median(samples.map((sample) => sample.cls));
    const lcp = median(samples.map((sample) => sample.lcp));
    rows.push([
      path,
      cls.toFixed(3),
      verdict(Number(cls.toFixed(3)), targets.cls, ''),
      `${Math.round(lcp)} ms`,
      samples.map((sample) => `${sample.cls.toFixed(3)}/${Math.round(sample.lcp)}`).join(' '),
    ]);
    data.push({ path, cls, lcp, samples });
  }
  return {
    key: 'firstPaint',
    title: `First paint, mobile (390×844, slow 4G, CPU 4× slower), median of ${runs}:`,
    rows,
    align: 'lrlrl',
    data: { routes: data, targetCls: targets.cls },
  };
}

async function measure(browser, url) {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', slow4g);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      const metrics = { cls: 0, lcp: 0 };
      Object.assign(window, { paintMetrics: metrics });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          if (!entry.hadRecentInput) metrics.cls += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
      new PerformanceObserver((list) => {
        const entries = list.getEntries();
        metrics.lcp = entries[entries.length - 1].startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 });
    // Late shifts (fonts, images, the page's own chunks) get a moment to show up.
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    return await page.evaluate(() => window.paintMetrics);
  } finally {
    await context.close();
  }
}
