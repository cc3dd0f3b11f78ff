// No code leaves the demo page or My QR Codes' Download dialog before the scan check has had its
// say: a blank code (white on white) downloaded at once, while the page was still checking, once
// went out without a word.
import { readFileSync } from 'node:fs';
import { expect, test as freshTest } from '@playwright/test';
import { seedFirestore } from '../scripts/serve/firestore-emulator.mjs';
import { defaultDesign } from '../src/domain/qr/design';
import { findQrType } from '../src/domain/qr/qr-types';
import { createUser, projectId, uniqueEmail } from './support/auth-emulator';
import { logIn } from './support/saved-user';
import { signedInTest as test } from './support/signed-in';
import { chooseType, label, wizardHeadings } from './support/wizard';
import { codePath } from '../src/domain/records/codes';

const firestorePort = (
  JSON.parse(readFileSync(new URL('../firebase.json', import.meta.url), 'utf8')) as {
    emulators: { firestore: { port: number } };
  }
).emulators.firestore.port;

test('Download clicked at once waits for the check, then asks before a blank code', async ({
  page,
}) => {
  await chooseType(page, findQrType('web')!);
  await page.getByLabel(label('qrName'), { exact: true }).fill('Blank');
  await page
    .getByLabel(label('websiteUrl'), { exact: true })
    .fill('https://kemptoncodeworks.co.za/specials');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: wizardHeadings.design })).toBeVisible();
  await page.getByRole('button', { name: 'Pattern', exact: true }).click();
  await page.getByLabel('Gradient pattern').uncheck();
  await page.getByLabel('Pattern colour 1').fill('#ffffff');

  const downloads: string[] = [];
  page.on('download', (download) => downloads.push(download.suggestedFilename()));
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: wizardHeadings.demo })).toBeVisible();
  // At once: the demo page's own check has not finished yet.
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  const question = page.getByRole('alertdialog', { name: 'This code may not scan.' });
  await expect(question).toBeVisible();
  await expect(question).toContainText('too close to the background');
  expect(downloads).toEqual([]);
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  expect(downloads).toEqual([]);
});

freshTest(
  'My QR Codes: Download right after opening the dialog asks first too',
  async ({ page }) => {
    const user = await createUser({
      email: uniqueEmail('blank'),
      password: 'Blank-pass-1',
      emailVerified: true,
    });
    // A saved code keeps its logo beside its design, not in it.
    const design = Object.fromEntries(
      Object.entries(defaultDesign).filter(([key]) => key !== 'logo'),
    );
    const at = { $timestamp: '2026-11-20T09:00:00Z' };
    await seedFirestore({
      port: firestorePort,
      projectId,
      documents: {
        [codePath(user.uid, 'blank')]: {
          type: 'web',
          name: 'Blank',
          content: {
            text: { websiteUrl: 'https://kemptoncodeworks.co.za/blank', qrName: 'Blank' },
          },
          design: { ...design, patternGradient: false, patternColor1: '#FFFFFF' },
          logo: null,
          files: [],
          dynamic: false,
          createdAt: at,
          updatedAt: at,
        },
      },
    });
    await logIn(page, user, { at: '/QR_Dashboard' });
    const downloads: string[] = [];
    page.on('download', (download) => downloads.push(download.suggestedFilename()));
    await page
      .getByRole('listitem', { name: 'Blank', exact: true })
      .getByRole('button', { name: 'Download' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Download “Blank”' });
    await dialog.getByRole('button', { name: 'Download', exact: true }).click();
    const question = dialog.getByRole('alertdialog', { name: 'This code may not scan.' });
    await expect(question).toBeVisible();
    expect(downloads).toEqual([]);
    await question.getByRole('button', { name: 'Cancel' }).click();
    expect(downloads).toEqual([]);
  },
);
