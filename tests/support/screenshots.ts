// Pictures of the pages for people to look at, in screenshots/ (git-ignored).
import type { Page, PageScreenshotOptions } from '@playwright/test';

/**
 * Saves a picture of the page as `screenshots/<name>.png` when the run was asked for pictures
 * (`npm run screenshots`, or SCREENSHOTS=1): no test reads them, and a full-page picture costs the
 * run about a second of the browser's time, so the test command leaves them out.
 */
export async function keepScreenshot(
  page: Page,
  name: string,
  options: Omit<PageScreenshotOptions, 'path'> = {},
) {
  if (!process.env.SCREENSHOTS) return;
  await page.screenshot({ ...options, path: `screenshots/${name}.png` });
}
