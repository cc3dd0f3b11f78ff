// Codes from a sheet, as a restaurant group makes a code for every table: the template, a 200-row
// CSV of Website codes (dynamic) with 5 bad rows that the check flags by row and field before
// anything is written, the rows to fix downloaded as CSV, the 195 good ones written through the
// server with the connection cut halfway (the batch goes on once back online, nothing twice), My
// QR Codes listing them, a short link that redirects; then the same rows as Excel with 3 new
// destinations, which update exactly 3 codes; and 200 vCards as CSV and as Excel on a phone,
// checked offline and fixed in place.
import { expect, type Page } from '@playwright/test';
import { codesPath, userPath } from '../src/domain/records/codes';
import { createUser, uniqueEmail } from './support/auth-emulator';
import { seriousViolations } from './support/axe';
import { bytesOf } from './support/downloads';
import { logIn, seedPlan, storedCollectionSize, storedDocument } from './support/saved-user';
import { keepScreenshot } from './support/screenshots';
import { signedInTest as test } from './support/signed-in';
import { xlsxBytes, XLSX_TYPE } from './support/xlsx';
import { readLabels } from './support/pdf-labels';
import { scanFilesInPage } from './support/scan-svg';
import { strFromU8, unzipSync } from 'fflate';

test.use({ storageState: { cookies: [], origins: [] } });

const ROWS = 200;
/** Rows (by their place, 0 for the first data row) that the check must flag, and why. */
const planted: Readonly<Record<number, { column: string; value: string; message: RegExp }>> = {
  9: { column: 'Website URL', value: 'not a web address', message: /web address/i },
  49: { column: 'Website URL', value: 'javascript:alert(1)', message: /web address/i },
  89: {
    column: 'Website URL',
    value: 'https://testsafebrowsing.appspot.com/s/phishing.html',
    message: /harmful or abused/,
  },
  129: { column: 'id', value: 't5', message: /also on row 7/ },
  169: { column: 'Name', value: `=HYPERLINK("x")${'x'.repeat(100)}`, message: /100/ },
};

const header = ['id', 'Name', 'Website URL'];

/** The tables' sheet: table n keyed `t<n>`, leading to its menu; the planted rows spoiled. */
function tableRows(changed: readonly number[] = []): string[][] {
  return Array.from({ length: ROWS }, (_, n) => {
    const row = [`t${n}`, `Table ${n}`, `https://example.co.za/menu/${n}`];
    if (changed.includes(n)) row[2] = `https://example.co.za/winter/${n}`;
    const bad = planted[n];
    if (bad) row[header.indexOf(bad.column)] = bad.value;
    return row;
  });
}

const csvOf = (rows: readonly (readonly string[])[]) =>
  rows.map((row) => row.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(',')).join('\r\n');

const bulkPanel = (page: Page, name: RegExp | string) => page.getByRole('region', { name });

async function upload(page: Page, name: string, mimeType: string, buffer: Buffer) {
  await page.getByLabel('Sheet (CSV or Excel .xlsx)').setInputFiles({ name, mimeType, buffer });
}

/** The workspace's count of codes, and the codes the server holds (no duplicates: the same). */
async function storedCodeCount(uid: string) {
  const count = (await storedDocument(userPath(uid)))?.codeCount;
  return { count, documents: await storedCollectionSize(codesPath(uid)) };
}

test('a sheet of 200 tables becomes 195 checked codes, cut off halfway and finished once back online', async ({
  page,
  context,
}) => {
  test.setTimeout(420_000);
  const user = await createUser({
    email: uniqueEmail('bulk'),
    password: 'Bulk-pass-1',
    emailVerified: true,
  });
  await seedPlan(user.uid);
  await logIn(page, user, { at: '/UserBulk' });
  await expect(page.getByRole('heading', { level: 1, name: 'Codes from a sheet' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The template: the type's columns and one example row.
  const [template] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download the template (CSV)' }).click(),
  ]);
  expect(template.suggestedFilename()).toBe('qr-codes-website.csv');
  const templateText = (await bytesOf(template)).toString('utf8').replace(/^\uFEFF/, '');
  expect(templateText.split('\r\n')[0]).toBe(
    'id,Name,File name,Website URL,Active from,Active until,Scan limit,Message when it is not active,Or send those scans to this address',
  );

  // The sheet: checked in the page, the planted rows flagged by row and field.
  await upload(page, 'tables.csv', 'text/csv', Buffer.from(csvOf([header, ...tableRows()])));
  const check = bulkPanel(page, '4. The check');
  await expect(check.getByRole('status').first()).toHaveText(
    '195 rows of 200 are ready; 5 rows to fix. They will create 195 new codes, update 0 codes.',
  );
  const problems = check.getByRole('table');
  for (const [place, bad] of Object.entries(planted)) {
    const line = Number(place) + 2;
    const row = problems
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: String(line), exact: true }) });
    await expect(row.first(), `row ${line}`).toContainText(bad.message);
  }
  await keepScreenshot(page, 'bulk-check-desktop', { fullPage: true });

  // The rows to fix, as a CSV: the sheet's columns and a column of problems; the cell that began
  // with "=" is written so no spreadsheet runs it.
  const [failed] = await Promise.all([
    page.waitForEvent('download'),
    check.getByRole('button', { name: 'Download the rows to fix (CSV)' }).click(),
  ]);
  const failedLines = (await bytesOf(failed))
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(failedLines[0]).toBe('id,Name,Website URL,Problems');
  expect(failedLines).toHaveLength(6);
  expect(failedLines.find((line) => line.includes('HYPERLINK'))).toMatch(/^t169,"'=HYPERLINK/);

  // Confirmed: written through the server, a chunk at a time; the connection cut halfway.
  await check.getByRole('button', { name: 'Make 195 codes' }).click();
  const writing = bulkPanel(page, /Writing your codes|Your codes are made/);
  await expect(writing.getByText(/Written (2[5-9]|[3-9]\d|1\d\d) of 195 rows/)).toBeVisible({
    timeout: 60_000,
  });
  await context.setOffline(true);
  await expect(writing.getByRole('status')).toHaveText(/You are offline/, { timeout: 30_000 });
  await context.setOffline(false);
  await expect(writing.getByText('Written 195 of 195 rows')).toBeVisible({ timeout: 120_000 });
  await expect(writing.getByRole('listitem')).toHaveText(['195 new codes made']);
  expect(await storedCodeCount(user.uid)).toEqual({ count: 195, documents: 195 });

  // For the printer: every code drawn and scan-checked, then the ZIP with its manifest, and the
  // label sheets, each label read back from the PDF as Poppler renders it.
  const print = bulkPanel(page, '5. Print them');
  await print.getByRole('button', { name: 'Check 195 codes for print' }).click();
  await expect(print.getByText('195 of 195 codes are ready to print.')).toBeVisible({
    timeout: 150_000,
  });
  const [zip] = await Promise.all([
    page.waitForEvent('download', { timeout: 120_000 }),
    print.getByRole('button', { name: 'Download the ZIP (PNG, SVG and PDF of each)' }).click(),
  ]);
  const files = unzipSync(new Uint8Array(await bytesOf(zip)));
  expect(Object.keys(files)).toHaveLength(195 * 3 + 1);
  const manifest = strFromU8(files['manifest.csv']!)
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(manifest[0]).toBe('name,file,content or destination,short link,verdict');
  // Names, files and addresses hold no commas: the first four fields are plain.
  const printed = manifest.slice(1).map((line) => line.split(','));
  expect(printed).toHaveLength(195);
  expect(printed[7]!.slice(0, 4)).toEqual([
    'Table 7',
    'Table 7',
    'https://example.co.za/menu/7',
    expect.stringMatching(/\/q\/\w+\?qr=1$/),
  ]);
  expect(printed[7]![4]).toMatch(/^"?Scans: Both families of reader/);
  const sample = [...printed.keys()].sort(() => Math.random() - 0.5).slice(0, 20);
  const formats = [
    ['png', 'image/png'],
    ['svg', 'image/svg+xml'],
  ] as const;
  const sampled = sample.flatMap((index) =>
    formats.map(([extension, type]) => ({
      bytes: files[`${printed[index]![1]}.${extension}`]!,
      type,
      expected: printed[index]![3],
    })),
  );
  expect(await scanFilesInPage(page, sampled)).toEqual(sampled.map((file) => file.expected));
  const [sheets] = await Promise.all([
    page.waitForEvent('download', { timeout: 120_000 }),
    print.getByRole('button', { name: 'Download the label sheets' }).click(),
  ]);
  const labels = readLabels(await bytesOf(sheets), 'avery-l7160');
  expect(labels).toHaveLength(10 * 21);
  expect(labels.slice(0, 195)).toEqual(printed.map((line) => line[3]));
  expect(labels.slice(195)).toEqual(Array(15).fill(null));
  // Taken last: a full-page picture slows the drawing of codes for a while after it.
  await keepScreenshot(page, 'bulk-print-desktop', { fullPage: true });

  // My QR Codes lists them; a table's short link leads to its menu.
  await writing.getByRole('link', { name: 'See them in My QR Codes' }).click();
  await expect(page.getByRole('region', { name: 'Saved codes (195)' })).toBeVisible();
  const search = page.getByRole('searchbox');
  await search.fill('Table 7');
  const row = page.getByRole('listitem', { name: 'Table 7', exact: true });
  const link = row.getByRole('link', { name: /\/q\// });
  await expect(link).toBeVisible({ timeout: 20_000 });
  const shortLink = (await link.getAttribute('href'))!;
  const scan = await fetch(new URL(shortLink, page.url()), { redirect: 'manual' });
  expect(scan.status).toBe(302);
  expect(scan.headers.get('location')).toBe('https://example.co.za/menu/7');

  // The same rows as an Excel workbook, 3 tables with new menus: exactly 3 codes change.
  await page.goto('/UserBulk');
  const workbook = xlsxBytes([header, ...tableRows([3, 4, 8])]);
  await upload(page, 'tables.xlsx', XLSX_TYPE, Buffer.from(workbook));
  await expect(check.getByRole('status').first()).toHaveText(
    '195 rows of 200 are ready; 5 rows to fix. They will create 0 new codes, update 3 codes and leave 192 codes as they are.',
  );
  await check.getByRole('button', { name: 'Update 3 codes' }).click();
  await expect(writing.getByText('Written 195 of 195 rows')).toBeVisible({ timeout: 60_000 });
  await expect(writing.getByRole('listitem')).toHaveText([
    '3 codes updated',
    '192 already as the sheet says',
  ]);
  expect(await storedCodeCount(user.uid)).toEqual({ count: 195, documents: 195 });
  await writing.getByRole('link', { name: 'See them in My QR Codes' }).click();
  await search.fill('Table 3');
  const moved = page
    .getByRole('listitem', { name: 'Table 3', exact: true })
    .getByRole('link', { name: /\/q\// });
  const redirect = await fetch(new URL((await moved.getAttribute('href'))!, page.url()), {
    redirect: 'manual',
  });
  expect(redirect.headers.get('location')).toBe('https://example.co.za/winter/3');
});

/** A vCard sheet's bad rows (by place), the column spoiled, and what the check says. */
const badCards: Readonly<Record<number, { column: number; value: string; message: string }>> = {
  9: { column: 3, value: 'agent9-at-example', message: 'Please enter a valid email address.' },
  49: { column: 1, value: '', message: 'Please enter last name.' },
  89: {
    column: 2,
    value: 'call me',
    message: 'Please use digits only (spaces and a leading + are fine).',
  },
  129: {
    column: 9,
    value: '1619-12345678',
    message: 'Postal code can be at most 12 characters: cut 1 (it has 13).',
  },
};

test('200 estate agents as CSV and as Excel on a phone: checked offline, a bad row fixed in place, static codes made', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const user = await createUser({
    email: uniqueEmail('cards'),
    password: 'Cards-pass-1',
    emailVerified: true,
  });
  await seedPlan(user.uid);
  await logIn(page, user, { at: '/UserBulk' });
  await page.getByLabel('Type of code').selectOption({ label: 'Virtual Card' });
  await page.getByRole('checkbox', { name: /^Dynamic codes/ }).uncheck();
  const columns = [
    'First name',
    'Last name',
    'Phone',
    'Email',
    'Website',
    'Company',
    'Job title',
    'Street address',
    'City',
    'Postal code',
    'Country',
  ];
  const agents = Array.from({ length: ROWS }, (_, n) => [
    `Agent${n}`,
    'Mokoena',
    '011 555 0123',
    `agent${n}@example.co.za`,
    'https://www.example.co.za',
    'Kempton Homes',
    'Estate agent',
    '12 Voortrekker Road',
    'Kempton Park',
    '1619',
    'South Africa',
  ]);
  for (const [place, bad] of Object.entries(badCards))
    agents[Number(place)]![bad.column] = bad.value;
  agents[169] = [...agents[168]!]; // pasted twice

  // Sheets that are no batch: a PDF renamed .csv, and 50,000 rows; both said at once.
  await upload(page, 'menu.csv', 'text/csv', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'));
  await expect(page.getByRole('alert')).toContainText(/not a sheet: it looks like a PDF/);
  const many = ['First name', ...Array.from({ length: 50_000 }, (_, n) => `Agent${n}`)].join('\n');
  await upload(page, 'everyone.csv', 'text/csv', Buffer.from(many));
  const check = bulkPanel(page, '4. The check');
  await expect(check.getByRole('alert')).toContainText(
    /This sheet has 50\s000 rows, and a batch makes at most 1\s000 codes at a time/,
  );

  // The agents' sheet, checked offline: the page needs no connection until the codes are written
  // (the plan above was read before: its limit spoke). The CSV and the same rows as Excel flag the
  // same rows.
  await page.context().setOffline(true);
  const flagged = async () => {
    await expect(check.getByRole('status').first()).toContainText(
      '195 rows of 200 are ready; 5 rows to fix.',
    );
    for (const [place, bad] of Object.entries(badCards)) {
      const line = String(Number(place) + 2);
      await expect(
        check
          .getByRole('row')
          .filter({ has: page.getByRole('rowheader', { name: `Row ${line}`, exact: true }) }),
      ).toContainText(bad.message);
    }
    await expect(check.getByRole('row').filter({ hasText: 'repeats row 170' })).toHaveCount(1);
  };
  await upload(page, 'agents.csv', 'text/csv', Buffer.from(csvOf([columns, ...agents])));
  await flagged();
  await upload(page, 'agents.xlsx', XLSX_TYPE, Buffer.from(xlsxBytes([columns, ...agents])));
  await flagged();
  expect(await seriousViolations(page)).toEqual([]);
  await keepScreenshot(page, 'bulk-check-phone', { fullPage: true });
  await check.getByRole('textbox', { name: 'Row 11, Email' }).fill('agent9@example.co.za');
  await expect(check.getByRole('status').first()).toHaveText(
    '196 rows of 200 are ready; 4 rows to fix. They will create 196 new codes, update 0 codes.',
  );
  await page.context().setOffline(false);
  await check.getByRole('button', { name: 'Make 196 codes' }).click();
  await expect(page.getByText('Written 196 of 196 rows')).toBeVisible({ timeout: 60_000 });
  expect(await storedCodeCount(user.uid)).toEqual({ count: 196, documents: 196 });
  await expect(page.getByRole('button', { name: 'Check 196 codes for print' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await keepScreenshot(page, 'bulk-done-phone', { fullPage: true });
});
