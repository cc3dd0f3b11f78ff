import { expect, test } from '@playwright/test';

test('the page links a web app manifest whose icons exist', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const response = await request.get(href!);
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  const manifest = await response.json();
  expect(manifest).toMatchObject({ start_url: '/', scope: '/', display: 'standalone' });
  for (const icon of [
    ...manifest.icons,
    { src: '/apple-touch-icon.png' },
    { src: '/favicon.svg' },
  ]) {
    const file = await request.get(icon.src);
    expect(file.ok(), icon.src).toBe(true);
    expect(file.headers()['content-type']).toMatch(/^image\//);
  }
});
