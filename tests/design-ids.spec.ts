// A design kept by an older version of the app opens as it was. Until November 2026 a frame was
// stored by its place in the list ('frame-9': the rounded border with the text below); such
// drafts stay on people's devices, and the design screen must show them on the same frame.
import { expect, type Page } from '@playwright/test';
import { defaultDesign } from '../src/domain/qr/design';
import { qrTypes } from '../src/domain/qr/qr-types';
import { signedInTest as test } from './support/signed-in';
import { chooseType, wizardHeadings } from './support/wizard';

/** The draft record as the older version wrote it, with its numbered frame id. */
const oldDraft = {
  version: 1,
  step: 'design',
  type: 'web',
  content: { text: { websiteUrl: 'https://www.example.co.za/menu' }, lists: {}, files: {} },
  design: { ...defaultDesign, frame: 'frame-9', frameText: 'See the menu' },
  editing: null,
  dynamic: false,
};

/** The signed-in user's draft record in IndexedDB: read it, or put `replacement` in its place. */
function draftRecord(page: Page, replacement?: unknown) {
  return page.evaluate(async (next) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('kcw-qr-drafts');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const done = <T>(request: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    const store = db.transaction('drafts', 'readwrite').objectStore('drafts');
    const keys = await done(store.getAllKeys());
    const key = keys.find((each) => String(each).startsWith('draft:'));
    if (key === undefined) throw new Error('no draft record');
    if (next !== undefined) await done(store.put(next, key));
    const record = (await done(store.get(key))) as { draft: { design: { frame: string } } };
    db.close();
    return record;
  }, replacement);
}

test('a draft kept by an older version opens on the design screen with the frame it had', async ({
  page,
}) => {
  // A draft of this user is on the device first (the record's key names the user).
  await chooseType(
    page,
    qrTypes.find((type) => type.id === 'web')!,
  );
  await page.getByLabel('Website URL').fill('https://www.example.co.za');
  await expect(page.getByText('Draft saved')).toBeVisible();
  await draftRecord(page, { draft: oldDraft, savedAt: Date.now() });

  await page.goto('/QR_Design');
  await expect(page.getByRole('heading', { level: 1, name: wizardHeadings.design })).toBeVisible();
  const frames = page.getByRole('group', { name: 'Frame style' });
  await expect(frames.getByRole('radio', { name: 'Rounded border, text below' })).toBeChecked();
  await expect(frames.getByRole('radio', { checked: true })).toHaveCount(1);
  await expect(page.getByLabel('Frame text')).toHaveValue('See the menu');
  await expect(page.getByRole('img', { name: /Your QR code/ }).locator('text')).toHaveText(
    'See the menu',
  );

  // The next save writes the frame's name.
  await page.getByLabel('Frame text').fill('Menu');
  await expect(page.getByText('Draft saved')).toBeVisible();
  await expect
    .poll(async () => (await draftRecord(page)).draft.design.frame)
    .toBe('rounded-bottom');
});
