// The QR wizard as a signed-in user meets it: the type grid, a form with its checks (every type's
// form: content-page.test.tsx), uploads of every kind, the design rules, and the draft that
// survives reloads, a new tab, another user and blocked storage. Real Chromium, real IndexedDB,
// the demo user of the emulator.
import { createHash } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { contentItems, fileFields, listFields, textFields } from '../src/domain/qr/content';
import { qrTypes, type QrType } from '../src/domain/qr/qr-types';
import {
  cornerCentres,
  cornerFrames,
  defaultDesign,
  frames,
  gradientStyles,
  patterns,
} from '../src/domain/qr/design';
import type { FileKind } from '../src/domain/qr/files';
import { BAD_HOST_MESSAGE } from '../src/domain/qr/target';
import { seriousViolations } from './support/axe';
import { builderUser, demoUser } from './support/auth-emulator';
import { smallSample } from './support/sample-files';
import { signedInTest as test } from './support/signed-in';
import {
  chooseType,
  patternedBytes,
  sampleFile,
  tinyPdf,
  tinyPng,
  validText,
  wizardHeadings,
} from './support/wizard';
import { keepScreenshot } from './support/screenshots';

const typeOf = (id: QrType['id']) => qrTypes.find((type) => type.id === id)!;
const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true }).click();
const saved = (page: Page) => expect(page.getByText('Draft saved')).toBeVisible();

/** Fills every field of a type with valid content (files: a small valid one of the kind). */
async function fillValid(page: Page, type: QrType) {
  for (const item of contentItems(type)) {
    if (item.kind === 'text') {
      await page.getByLabel(textFields[item.id].label, { exact: true }).fill(validText[item.id]);
    } else if (item.kind === 'list') {
      const label = listFields[item.id].max > 1 ? 'Link 1' : listFields[item.id].item.label;
      await page.getByLabel(label, { exact: true }).fill('https://example.co.za/menu');
    } else {
      await page
        .getByLabel(fileFields[item.id].label, { exact: true })
        .setInputFiles(smallFileOf(fileFields[item.id].kind));
    }
  }
}

/** A small valid file of a kind, on disk, with the first extension it accepts. */
function smallFileOf(kind: FileKind) {
  const { name, bytes } = smallSample(kind);
  return sampleFile(name, bytes.length, bytes);
}

test('the type screen offers every type, and choosing one opens its form at the top', async ({
  page,
}) => {
  await page.goto('/QR_Type');
  await expect(page.getByRole('heading', { level: 1, name: wizardHeadings.type })).toBeVisible();
  const steps = page.getByRole('navigation', { name: 'Steps' }).getByRole('listitem');
  await expect(steps).toHaveText(['1Type', '2Content', '3Design', '4Done']);
  await expect(steps.first()).toHaveAttribute('aria-current', 'step');
  const tiles = page.getByRole('list', { name: 'QR code types' });
  await expect(tiles.getByRole('button')).toHaveCount(qrTypes.length);
  for (const type of qrTypes) {
    const tile = page.getByRole('button', { name: `${type.label} ${type.description}` });
    await expect(tile).toBeVisible();
    await expect(tile.locator('svg')).toBeVisible();
  }
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole('button', { name: /^WiFi / }).click();
  await expect(page).toHaveURL(/\/QR_Content$/);
  await expect(page).toHaveTitle('QR Content');
  await expect(page.getByRole('heading', { level: 1, name: wizardHeadings.content })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'WiFi', exact: true })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(steps.nth(1)).toHaveAttribute('aria-current', 'step');
});

// Every type's form is checked in src/features/qr/wizard/content-page.test.tsx (jsdom): its sections
// open, a message beside each required field after Next, focus on the first field to fill, and Next
// with valid content going on to the design step. Here one type shows the same in a real browser
// (the messages visible with the site's styles, focus landing, the design screen reached): the
// vCard, with the most fields (no type has a text field, a list and a file together).
test('Virtual Card: its fields, a message beside each required one, then Next', async ({
  page,
}) => {
  const type = typeOf('vcard');
  await chooseType(page, type);
  for (const section of [
    ...type.sections.map((entry) => entry.title),
    'Name of the QR Code',
    'Password',
  ]) {
    await expect(page.getByRole('button', { name: section, exact: true })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  }
  await next(page);
  // Its items are all text fields (the lists' and the files' messages: content-page.test.tsx).
  const fields = contentItems(type).map((item) => {
    if (item.kind !== 'text') throw new Error(`${item.id} is not a text field`);
    return textFields[item.id];
  });
  const required: string[] = [];
  for (const spec of fields) {
    const field = page.getByLabel(spec.label, { exact: true });
    await expect(field).toBeVisible();
    // Its limit is checked, not set on the input (which would cut a paste without a word).
    await expect(field).not.toHaveAttribute('maxlength');
    if (spec.required) {
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText(spec.requiredMessage, { exact: true })).toBeVisible();
      required.push(spec.label);
    } else {
      await expect(field).not.toHaveAttribute('aria-invalid');
    }
  }
  // Focus is on the first field to fill.
  await expect(page.getByLabel(required[0], { exact: true })).toBeFocused();
  await expect(page).toHaveURL(/\/QR_Content$/);

  await fillValid(page, type);
  await next(page);
  await expect(page).toHaveURL(/\/QR_Design$/);
  await expect(page.getByRole('heading', { level: 1, name: wizardHeadings.design })).toBeVisible();
});

test('web addresses, emails and numbers are checked, normalised, and never lost', async ({
  page,
}) => {
  await chooseType(page, typeOf('vcard'));
  await fillValid(page, typeOf('vcard'));
  const website = page.getByLabel('Website', { exact: true });
  await website.fill('javascript:alert(1)');
  await page.getByLabel('Email', { exact: true }).fill('thandi@example');
  await page.getByLabel('Phone', { exact: true }).fill('011 CALL ME');
  await page.getByLabel('Mobile', { exact: true }).fill('+27 82 123-4567');
  await next(page);
  await expect(
    page.getByText('Please enter a web address starting with http:// or https://.'),
  ).toBeVisible();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
  await expect(
    page.getByText('Please use digits only (spaces and a leading + are fine).'),
  ).toBeVisible();
  // Focus goes to the first field to fix, in the page's order.
  await expect(page.getByLabel('Phone', { exact: true })).toBeFocused();
  await expect(website).toHaveValue('javascript:alert(1)');

  await website.fill('example.co.za');
  await page.getByLabel('Email', { exact: true }).fill('thandi@example.co.za');
  await page.getByLabel('Phone', { exact: true }).fill('011 123 4567');
  await next(page);
  await expect(page).toHaveURL(/\/QR_Design$/);
  await page.getByRole('link', { name: 'Back' }).click();
  // What Next accepted, as it will be encoded.
  await expect(page.getByLabel('Website', { exact: true })).toHaveValue('https://example.co.za');
  await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('0111234567');
  await expect(page.getByLabel('Mobile', { exact: true })).toHaveValue('+27821234567');
});

test('a Website address with a space in its domain is refused, saying why, and stays as typed', async ({
  page,
}) => {
  await chooseType(page, typeOf('web'));
  await fillValid(page, typeOf('web'));
  const website = page.getByLabel(textFields.websiteUrl.label, { exact: true });
  await website.fill('https://exa mple.com');
  await next(page);
  await expect(page.getByText(BAD_HOST_MESSAGE)).toBeVisible();
  await expect(website).toHaveAttribute('aria-invalid', 'true');
  await expect(website).toBeFocused();
  await expect(page).toHaveURL(/\/QR_Content$/);
  await expect(website).toHaveValue('https://exa mple.com');

  await website.fill('https://example.com');
  await next(page);
  await expect(page).toHaveURL(/\/QR_Design$/);
});

test('a pasted text longer than its field is kept whole, and the field says how much to cut', async ({
  page,
}) => {
  await chooseType(page, typeOf('wifi'));
  const network = page.getByLabel(textFields.wifiSSID.label, { exact: true });
  // 40 characters: cut to 32, it would make a code for a network that does not exist.
  const pasted = 'Kempton Code Works Guest Network 5GHz-2';
  await network.fill(pasted);
  await expect(network).toHaveValue(pasted);
  await expect(network).toHaveAccessibleDescription(
    `Network name (SSID) can be at most 32 characters: cut ${pasted.length - 32} (it has ${pasted.length}).`,
  );
  await next(page);
  await expect(page).toHaveURL(/\/QR_Content$/);
  await network.fill(pasted.slice(0, 32));
  await expect(network).not.toHaveAccessibleDescription(/can be at most/);
});

test('the link list adds links and removes them while more than one is left', async ({ page }) => {
  await chooseType(page, typeOf('linklist'));
  await expect(page.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Add link' }).click();
  await page.getByRole('button', { name: 'Add link' }).click();
  await page.getByLabel('Link 1', { exact: true }).fill('https://one.example');
  await page.getByLabel('Link 2', { exact: true }).fill('https://two.example');
  await page.getByLabel('Link 3', { exact: true }).fill('https://three.example');
  await page.getByRole('button', { name: 'Remove link 2' }).click();
  await expect(page.getByLabel('Link 2', { exact: true })).toHaveValue('https://three.example');
  await expect(page.getByLabel('Link 3', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Remove link 1' }).click();
  await expect(page.getByLabel('Link 1', { exact: true })).toHaveValue('https://three.example');
  await expect(page.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
});

// Tagged for the full Chromium (playwright.config.ts): its PDF viewer gives the frame a PDF
// document; the headless shell the other tests run in has none.
test('a PDF named .pdf that the browser gives no type is previewed as a PDF, never sniffed @full-chromium', async ({
  page,
}) => {
  await chooseType(page, typeOf('pdf'));
  await page
    .getByLabel(fileFields.pdfFile.label, { exact: true })
    .setInputFiles({ name: 'menu.pdf', mimeType: '', buffer: Buffer.from(tinyPdf) });
  const preview = page.locator('iframe.file-preview');
  await expect(preview).toHaveAttribute('src', /^blob:/);
  // The frame's document is a PDF's, whatever the bytes would have been sniffed as.
  await expect
    .poll(() =>
      preview.evaluate((frame: HTMLIFrameElement) => frame.contentDocument?.contentType ?? null),
    )
    .toBe('application/pdf');
});

const previews = {
  pdfFile: 'iframe',
  videoFile: 'video',
  imageFile: 'img',
  audioFile: 'audio',
  menuFile: 'iframe',
} as const;

// Each file field in turn, a step each, in one page (a browser context and the app's first load
// cost a story more than a field does); each ends with its file removed.
const fileFieldEntries = Object.entries(fileFields) as [
  keyof typeof fileFields,
  (typeof fileFields)[keyof typeof fileFields],
][];
test(`${fileFieldEntries.map(([, { label }]) => label).join(', ')}: each a preview, a wrong kind refused, an oversized file refused`, async ({
  page,
}) => {
  test.setTimeout(15_000 * fileFieldEntries.length);
  await page.addInitScript(() => {
    const violations: string[] = [];
    Object.assign(window, { violations });
    document.addEventListener('securitypolicyviolation', (event) =>
      violations.push(`${event.effectiveDirective} ${event.blockedURI}`),
    );
  });
  for (const [id, { label, kind }] of fileFieldEntries) {
    await test.step(label, async () => {
      const type = qrTypes.find((entry) =>
        entry.sections.some((section) => section.items.some((item) => item.id === id)),
      )!;
      await chooseType(page, type);
      const input = page.getByLabel(label, { exact: true });
      await input.setInputFiles(smallFileOf(kind));
      const preview = page.locator(`${previews[id]}.file-preview`);
      await expect(preview).toBeVisible();
      await expect(page.getByRole('button', { name: /^Remove small/ })).toBeVisible();
      // The preview loads from a blob: URL that the site's security policy lets through.
      await expect(preview).toHaveAttribute('src', /^blob:/);
      expect(
        await page.evaluate(() => (window as unknown as { violations: string[] }).violations),
      ).toEqual([]);
      if (id === 'videoFile') {
        expect(await preview.innerHTML()).toContain('Your browser does not support the video tag.');
      }

      await input.setInputFiles(
        sampleFile('notes.txt', 20, new TextEncoder().encode('not a file kind')),
      );
      await expect(page.getByText(`"notes.txt" is not ${kind.noun}.`)).toBeVisible();
      await expect(input).toHaveAttribute('aria-invalid', 'true');
      await expect(preview).toBeVisible(); // the earlier choice stays

      const big = sampleFile(`big${kind.extensions[0]}`, kind.maxBytes + 1);
      await input.setInputFiles(big);
      await expect(
        page.getByText(/the limit is \d+ MB\. Please choose a smaller file\./),
      ).toBeVisible();

      await page.getByRole('button', { name: /^Remove small/ }).click();
      await expect(preview).toHaveCount(0);
      await next(page);
      await expect(page.getByText(`Please choose ${kind.noun}`)).toBeVisible();
    });
  }
});

/** Through the content of a website code to the design screen. */
async function toDesign(page: Page) {
  await chooseType(page, typeOf('web'));
  await page.getByLabel('Website URL').fill('https://www.example.co.za');
  await next(page);
  await expect(page.getByRole('heading', { level: 1, name: wizardHeadings.design })).toBeVisible();
}

const openSection = (page: Page, title: string) =>
  page.getByRole('button', { name: title, exact: true }).click();

test('design: every option is a radio group with the number of choices it offers', async ({
  page,
}) => {
  await toDesign(page);
  await expect(page).toHaveTitle('QR Design');
  const groups = [
    ['Frame', 'Frame style', frames.length],
    ['Pattern', 'Pattern style', patterns.length],
    ['Corners', 'Corner frame style', cornerFrames.length],
    ['Corners', 'Corner centre style', cornerCentres.length],
  ] as const;
  for (const [section, legend, count] of groups) {
    const button = page.getByRole('button', { name: section, exact: true });
    if ((await button.getAttribute('aria-expanded')) === 'false') await button.click();
    await expect(page.getByRole('group', { name: legend }).getByRole('radio')).toHaveCount(count);
  }
  expect([frames.length, patterns.length, cornerFrames.length, cornerCentres.length]).toEqual([
    32, 5, 6, 6,
  ]);
  // By keyboard: arrows move the choice, and it shows (Corners is open from the loop).
  const centres = page.getByRole('group', { name: 'Corner centre style' });
  await centres.getByRole('radio', { name: 'Square' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(centres.getByRole('radio', { name: 'Circle' })).toBeChecked();
});

test('design: the gradient, background and swap rules between options', async ({ page }) => {
  await toDesign(page);
  await openSection(page, 'Pattern');
  const gradient = page.getByLabel('Gradient pattern');
  await expect(gradient).toBeChecked();
  const styleButton = page.getByRole('button', { name: /^Gradient style:/ });
  await expect(styleButton).toHaveText('Gradient style: Inverse diagonal');
  await styleButton.click();
  const styles = page.getByRole('group', { name: 'Gradient style' });
  await expect(styles.getByRole('radio')).toHaveCount(gradientStyles.length);
  await styles.getByRole('radio', { name: 'Radial' }).check();
  await expect(styleButton).toHaveText('Gradient style: Radial');
  await gradient.uncheck();
  await expect(styleButton).toHaveCount(0);
  await expect(page.getByLabel('Pattern colour 2')).toHaveCount(0);
  await gradient.check();
  await expect(styleButton).toHaveText('Gradient style: Inverse diagonal');
  await expect(styleButton).toHaveAttribute('aria-expanded', 'false');

  const hex = (color: string) => color.toLowerCase();
  await expect(page.getByLabel('Pattern colour 1')).toHaveValue(hex(defaultDesign.patternColor1));
  await expect(page.getByLabel('Pattern colour 2')).toHaveValue(hex(defaultDesign.patternColor2));
  await page.getByRole('button', { name: 'Swap pattern colours' }).click();
  await expect(page.getByLabel('Pattern colour 1')).toHaveValue(hex(defaultDesign.patternColor2));
  await expect(page.getByLabel('Pattern colour 2')).toHaveValue(hex(defaultDesign.patternColor1));

  await openSection(page, 'Background');
  const transparent = page.getByLabel('Transparent background');
  const backgroundGradient = page.getByLabel('Gradient background');
  await backgroundGradient.check();
  await expect(page.getByLabel('Background colour 1')).toHaveValue(
    hex(defaultDesign.backgroundColor1),
  );
  await expect(page.getByLabel('Background colour 2')).toHaveValue(
    hex(defaultDesign.backgroundColor2),
  );
  await page.getByRole('button', { name: 'Swap background colours' }).click();
  await expect(page.getByLabel('Background colour 1')).toHaveValue(
    hex(defaultDesign.backgroundColor2),
  );
  await transparent.check();
  await expect(backgroundGradient).not.toBeChecked();
  await backgroundGradient.check();
  await expect(transparent).not.toBeChecked();
  await expect(page.getByText('Use high-contrast colours')).toBeVisible();

  await openSection(page, 'Corners');
  await expect(page.getByLabel('Corner frame colour')).toHaveValue(
    hex(defaultDesign.cornerFrameColor),
  );
  await expect(page.getByLabel('Corner centre colour')).toHaveValue(
    hex(defaultDesign.cornerCentreColor),
  );
});

test('design: the logo takes images up to 1 MB, with a preview', async ({ page }) => {
  await toDesign(page);
  await openSection(page, 'Add Logo');
  const logo = page.getByLabel('Logo (image, max 1MB)');
  await logo.setInputFiles(sampleFile('too-big.png', 1024 * 1024 + 1, tinyPng));
  await expect(
    page.getByText('"too-big.png" is just over 1 MB; the limit is 1 MB.', { exact: false }),
  ).toBeVisible();
  await logo.setInputFiles(sampleFile('menu.pdf', tinyPdf.length, tinyPdf));
  await expect(page.getByText('"menu.pdf" is not an image.')).toBeVisible();
  // Bytes that are no picture, named .png: refused with a message, not listed as the logo.
  await logo.setInputFiles(sampleFile('noise.png', 4096, patternedBytes(4096)));
  await expect(
    page.getByText('"noise.png": The logo is not a picture this browser can read.', {
      exact: false,
    }),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: 'Preview of noise.png' })).toHaveCount(0);
  await logo.setInputFiles(sampleFile('logo.png', tinyPng.length, tinyPng));
  await expect(page.getByRole('img', { name: 'Preview of logo.png' })).toBeVisible();
  // The live code carries the logo, embedded.
  await expect(page.getByRole('img', { name: /^Your QR code/ }).locator('image')).toHaveAttribute(
    'href',
    /^data:image\/png;base64,/,
  );
  await expect(page.getByRole('definition').filter({ hasText: 'logo.png' })).toBeVisible();
});

/** The SHA-256 of what a blob: URL on the page holds. */
const digestOf = (page: Page, url: string) =>
  page.evaluate(async (href) => {
    const bytes = await (await fetch(href)).arrayBuffer();
    const hash = await crypto.subtle.digest('SHA-256', bytes);
    return [...new Uint8Array(hash)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  }, url);

test.describe('reading the restored upload back', () => {
  // The site's CSP allows no fetch of blob: URLs; the test reads the preview's bytes that way.
  test.use({ bypassCSP: true });

  test('a reload at each step restores everything, a 5 MB upload byte for byte', async ({
    page,
  }) => {
    test.slow(); // four reloads, each reading a 5 MB file back from IndexedDB
    const bytes = patternedBytes(5 * 1024 * 1024);
    bytes.set(tinyPng.subarray(0, 33)); // a PNG's signature and header: the content check reads them
    const photo = sampleFile('photo.png', bytes.length, bytes);
    const expected = createHash('sha256').update(bytes).digest('hex');

    await chooseType(page, typeOf('img'));
    await page.getByLabel('Image file').setInputFiles(photo);
    await page.getByLabel('Name of the QR Code').fill('Gallery photo');
    await saved(page);
    const before = await page
      .getByRole('img', { name: 'Preview of photo.png' })
      .getAttribute('src');
    const original = await digestOf(page, before!);
    expect(original).toBe(expected);

    await page.reload();
    await expect(
      page.getByRole('heading', { level: 2, name: 'Images', exact: true }),
    ).toBeVisible();
    await expect(page.getByLabel('Name of the QR Code')).toHaveValue('Gallery photo');
    const after = await page.getByRole('img', { name: 'Preview of photo.png' }).getAttribute('src');
    expect(await digestOf(page, after!)).toBe(original);
    await expect(page.getByText('photo.png (5 MB)')).toBeVisible();

    await next(page);
    await openSection(page, 'Pattern');
    await page.getByRole('radio', { name: 'Dots' }).check();
    await page.getByLabel('Gradient pattern').uncheck();
    await openSection(page, 'Frame');
    await page.getByRole('radio', { name: 'Rounded border, text below' }).check();
    await page.getByLabel('Frame text').fill('Scan for the gallery');
    await saved(page);
    await page.reload();
    await expect(
      page.getByRole('heading', { level: 1, name: wizardHeadings.design }),
    ).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Rounded border, text below' })).toBeChecked();
    await expect(page.getByLabel('Frame text')).toHaveValue('Scan for the gallery');
    await openSection(page, 'Pattern');
    await expect(page.getByRole('radio', { name: 'Dots' })).toBeChecked();
    await expect(page.getByLabel('Gradient pattern')).not.toBeChecked();

    await next(page);
    await expect(page.getByRole('heading', { level: 1, name: wizardHeadings.demo })).toBeVisible();
    await saved(page);
    await page.reload();
    await expect(page.getByText('Your Images code “Gallery photo”')).toBeVisible();

    // A new visit to the type screen offers the draft at its step.
    await page.goto('/QR_Type');
    await page.getByRole('link', { name: 'Continue your draft' }).click();
    await expect(page).toHaveURL(/\/QR_Demo$/);
  });
});

test('a new tab resumes the draft and takes it over; the first tab says so', async ({
  page,
  context,
}) => {
  await chooseType(page, typeOf('coup'));
  await page.getByLabel('Coupon code').fill('WINTER25');
  await saved(page);

  const second = await context.newPage();
  await second.goto('/QR_Content');
  await expect(second.getByLabel('Coupon code')).toHaveValue('WINTER25');
  await expect(page.getByText('This draft is now open in another tab')).toBeVisible();

  await second.getByLabel('Coupon code').fill('WINTER30');
  await saved(second);
  await page.getByRole('button', { name: 'Continue in this tab' }).click();
  await expect(page.getByLabel('Coupon code')).toHaveValue('WINTER30');
  await expect(second.getByText('This draft is now open in another tab')).toBeVisible();
});

test('with no draft, content and design go to the type screen; an unknown type has no form', async ({
  page,
}) => {
  await page.goto('/QR_Content');
  await expect(page).toHaveURL(/\/QR_Type$/);
  await page.goto('/QR_Design');
  await expect(page).toHaveURL(/\/QR_Type$/);
  await page.evaluate(() => {
    window.history.pushState({ usr: { type: 'hologram' }, key: 'test', idx: 1 }, '', '/QR_Content');
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  });
  await expect(page.getByText('No content found')).toBeVisible();
});

test('Start over asks first, then discards the draft for good', async ({ page }) => {
  await chooseType(page, typeOf('web'));
  await page.getByLabel('Website URL').fill('https://keep.example');
  await page.getByRole('button', { name: 'Start over' }).click();
  await page.getByRole('button', { name: 'Keep working' }).click();
  await expect(page.getByLabel('Website URL')).toHaveValue('https://keep.example');
  await page.getByRole('button', { name: 'Start over' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Discard this draft?');
  await expect(page.getByRole('button', { name: 'Discard draft' })).toBeFocused();
  await page.getByRole('button', { name: 'Discard draft' }).click();
  await expect(page).toHaveURL(/\/QR_Type$/);
  await expect(page.getByRole('link', { name: 'Continue your draft' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: wizardHeadings.type })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue your draft' })).toHaveCount(0);
});

test.describe('with the draft storage blocked', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      const open = indexedDB.open.bind(indexedDB);
      indexedDB.open = (name: string, version?: number) => {
        if (name === 'kcw-qr-drafts') throw new DOMException('Blocked', 'SecurityError');
        return open(name, version);
      };
    });
  });

  test('the wizard still works, and says the draft is not kept', async ({ page }) => {
    await chooseType(page, typeOf('web'));
    await expect(
      page.getByText('This browser does not let the site save your draft'),
    ).toBeVisible();
    await page.getByLabel('Website URL').fill('https://memory.example');
    await next(page);
    await expect(
      page.getByRole('heading', { level: 1, name: wizardHeadings.design }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page.getByLabel('Website URL')).toHaveValue('https://memory.example');
  });
});

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test(`the wizard screens are accessible and look right at ${viewport.name} width`, async ({
    page,
  }) => {
    test.slow(); // five screens, an axe scan each
    await page.setViewportSize(viewport);
    const scan = async (name: string) => {
      expect(await seriousViolations(page), name).toEqual([]);
      await keepScreenshot(page, `${viewport.name}/wizard-${name}`, { fullPage: true });
    };
    await chooseType(page, typeOf('vcard'));
    await next(page); // with its messages showing
    await scan('content');
    await fillValid(page, typeOf('vcard'));
    await next(page);
    await scan('design'); // the Frame section opens first
    await openSection(page, 'Pattern');
    await page.getByRole('button', { name: /^Gradient style:/ }).click();
    await scan('design-pattern');
    await next(page);
    await scan('demo');
    await page.goto('/QR_Type');
    await scan('type');
  });
}

test('another user on this device never sees the draft; its owner finds it again', async ({
  page,
}) => {
  const switchTo = async (user: { email: string; password: string }) => {
    await page.goto('/Profile');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/Login$/);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
  };
  await chooseType(page, typeOf('coup'));
  await page.getByLabel('Coupon code').fill('ONLY-FOR-DEMO');
  await saved(page);

  await switchTo(builderUser);
  await page.goto('/QR_Type');
  await expect(page.getByRole('heading', { level: 1, name: wizardHeadings.type })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue your draft' })).toHaveCount(0);
  await page.goto('/QR_Content');
  await expect(page).toHaveURL(/\/QR_Type$/);
  await expect(page.getByText('ONLY-FOR-DEMO')).toHaveCount(0);

  await switchTo(demoUser);
  await page.goto('/QR_Type');
  await page.getByRole('link', { name: 'Continue your draft' }).click();
  await expect(page.getByLabel('Coupon code')).toHaveValue('ONLY-FOR-DEMO');
});

test('persistent storage is asked for once the draft holds a file', async ({ page }) => {
  await page.addInitScript(() => {
    const calls: string[] = [];
    Object.assign(window, { persistCalls: calls });
    navigator.storage.persist = () => {
      calls.push('persist');
      return Promise.resolve(true);
    };
  });
  const persistCalls = () =>
    page.evaluate(() => (window as unknown as { persistCalls: string[] }).persistCalls.length);
  await chooseType(page, typeOf('img'));
  await page.getByLabel('Name of the QR Code').fill('No file yet');
  await saved(page);
  expect(await persistCalls()).toBe(0);
  await page
    .getByLabel('Image file')
    .setInputFiles(sampleFile('tiny.png', tinyPng.length, tinyPng));
  await saved(page);
  await expect.poll(persistCalls).toBe(1);
});

test('a file dropped on the upload box is taken like a chosen one', async ({ page }) => {
  await chooseType(page, typeOf('pdf'));
  const box = page.locator('.file-drop');
  const drop = async (name: string, type: string, text: string) => {
    const data = await page.evaluateHandle(
      ([fileName, fileType, body]) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([body], fileName, { type: fileType }));
        return transfer;
      },
      [name, type, text] as const,
    );
    await box.dispatchEvent('dragover', { dataTransfer: data });
    await expect(box).toHaveClass(/is-dragging/);
    await box.dispatchEvent('drop', { dataTransfer: data });
  };
  await drop('notes.txt', 'text/plain', 'not a pdf');
  await expect(page.getByText('"notes.txt" is not a PDF.')).toBeVisible();
  await drop('dropped.pdf', 'application/pdf', '%PDF-1.4\n');
  await expect(page.getByRole('button', { name: 'Remove dropped.pdf' })).toBeVisible();
  await expect(page.getByText('"notes.txt" is not a PDF.')).toHaveCount(0);
  await expect(box).not.toHaveClass(/is-dragging/);
});
