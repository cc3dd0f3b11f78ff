import { expect, type Page } from '@playwright/test';

/**
 * Expects the page to fit its viewport's width: nothing sticks out to the side (a long email
 * address, a table). Measured against the viewport, because a phone's layout viewport widens to
 * fit content that overflows, so the document's own width would never say so.
 */
export async function expectNoSidewaysScroll(page: Page, where?: string) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, where).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
}
