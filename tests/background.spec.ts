import { expect, test, type Page } from '@playwright/test';

// A strip of bare background left of the content column at 1280px wide.
const clip = { x: 0, y: 120, width: 56, height: 520 };
const background = (page: Page) => page.locator('canvas.matrix-background');
const strip = (page: Page) => page.screenshot({ clip });

test.use({ viewport: { width: 1280, height: 800 } });

test.describe('with motion allowed', () => {
  test.use({ reducedMotion: 'no-preference' });

  test('the rain falls behind the content, drawn by a worker', async ({ page }) => {
    const worker = page.waitForEvent('worker', (w) => w.url().includes('matrix.worker'));
    await page.goto('/');
    await worker;
    await expect(background(page)).toHaveAttribute('aria-hidden', 'true');
    const style = await background(page).evaluate((canvas) => {
      const css = getComputedStyle(canvas);
      return {
        position: css.position,
        zIndex: css.zIndex,
        pointerEvents: css.pointerEvents,
        width: canvas.clientWidth,
        height: canvas.clientHeight,
      };
    });
    expect(style).toEqual({
      position: 'fixed',
      zIndex: '-1',
      pointerEvents: 'none',
      width: 1280,
      height: 800,
    });

    const first = await strip(page);
    await expect.poll(async () => (await strip(page)).equals(first), { timeout: 5000 }).toBe(false);
  });

  test('the rain pauses while the tab is hidden and resumes when it is shown', async ({ page }) => {
    await page.goto('/');
    const setHidden = (hidden: boolean) =>
      page.evaluate((value) => {
        Object.defineProperty(document, 'visibilityState', {
          configurable: true,
          get: () => (value ? 'hidden' : 'visible'),
        });
        document.dispatchEvent(new Event('visibilitychange'));
      }, hidden);
    await setHidden(true);
    // Frames already queued may still land; once paused, two looks a while apart match.
    await expect.poll(() => unchangedFor(page, 20)).toBe(true);
    await setHidden(false);
    const paused = await strip(page);
    await expect.poll(async () => (await strip(page)).equals(paused)).toBe(false);
  });
});

test('under reduced motion it shows a still field of characters', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The still frame is drawn once the canvas has its size; from then on nothing moves, over
  // a window of thirty animation frames.
  await expect.poll(() => unchangedFor(page, 30)).toBe(true);
  const still = await strip(page);
  // Not an empty canvas: hiding it changes what the strip shows.
  await background(page).evaluate((canvas) => (canvas.style.visibility = 'hidden'));
  expect((await strip(page)).equals(still)).toBe(false);
});

/** Whether the strip looks the same before and after `frames` of the page's animation frames. */
async function unchangedFor(page: Page, frames: number) {
  const before = await strip(page);
  await page.evaluate(
    (count) =>
      new Promise<void>((resolve) => {
        const next = (left: number) =>
          left === 0 ? resolve() : requestAnimationFrame(() => next(left - 1));
        next(count);
      }),
    frames,
  );
  return (await strip(page)).equals(before);
}
