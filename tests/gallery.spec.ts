import { expect, test, type Page } from '@playwright/test';
import { galleryImages } from '../src/config/gallery';

const gallery = (page: Page) => page.getByRole('region', { name: 'Build gallery' });
const caption = (page: Page) => gallery(page).locator('figcaption');
const buildOf = (index: number) => galleryImages[index].src.match(/(\d+)\.\w+$/)?.[1];

test.beforeEach(async ({ page }) => {
  await page.goto('/CustomPC');
  await expect(caption(page)).toContainText(`Build #${buildOf(0)}`);
});

test('shows previous, current and next photos, loaded and sized @phone', async ({ page }) => {
  const images = gallery(page).locator('img');
  await expect(images).toHaveCount(3);
  await gallery(page).scrollIntoViewIfNeeded();
  for (const image of await images.all()) {
    await expect(image).toHaveAttribute('width', /\d+/);
    await expect(image).toHaveAttribute('height', /\d+/);
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  }
  await expect(gallery(page).getByRole('img')).toHaveAttribute('alt', galleryImages[0].alt);
});

test('arrow buttons move through the builds and wrap around both ways', async ({ page }) => {
  const next = gallery(page).getByRole('button', { name: 'Next build' });
  const previous = gallery(page).getByRole('button', { name: 'Previous build' });
  await previous.click();
  await expect(caption(page)).toContainText(`Build #${buildOf(galleryImages.length - 1)}`);
  await next.click();
  for (let index = 1; index < galleryImages.length; index += 1) {
    await next.click();
    await expect(caption(page)).toContainText(`Build #${buildOf(index)}`);
  }
  await next.click();
  await expect(caption(page)).toContainText(`Build #${buildOf(0)}`);
});

test('a click on a side card brings it to the centre', async ({ page }) => {
  await gallery(page)
    .getByRole('button', { name: /\(next\)$/ })
    .click();
  await expect(caption(page)).toContainText(`Build #${buildOf(1)}`);
  await gallery(page)
    .getByRole('button', { name: /\(previous\)$/ })
    .click();
  await gallery(page)
    .getByRole('button', { name: /\(previous\)$/ })
    .click();
  await expect(caption(page)).toContainText(`Build #${buildOf(galleryImages.length - 1)}`);
});

test('Enter on a focused side card and the arrow keys move it from the keyboard', async ({
  page,
}) => {
  const nextCard = gallery(page).getByRole('button', { name: /\(next\)$/ });
  await nextCard.focus();
  await page.keyboard.press('Enter');
  await expect(caption(page)).toContainText(`Build #${buildOf(1)}`);
  await page.keyboard.press('ArrowRight');
  await expect(caption(page)).toContainText(`Build #${buildOf(2)}`);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(caption(page)).toContainText(`Build #${buildOf(galleryImages.length - 1)}`);
});
