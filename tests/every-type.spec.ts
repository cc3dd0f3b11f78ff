// Every type of the registry makes a finished code, end to end, as a customer meets it: made in
// the wizard, its picture downloaded as a PNG and read back, and what it leads to opened as a
// phone would (a shop's page, the site's viewer, a landing page at its short link, a hosted file
// compared byte for byte). Where a code leads off this machine (Facebook, Instagram, WhatsApp, the
// app stores), what it holds is checked instead: nothing here reaches the internet. A type with no
// case of its own below is made from the valid content of its fields, and its code must hold what
// the domain says it holds (payloadFor).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import {
  contentItems,
  emptyContent,
  fileFields,
  type FileFieldId,
  type TextFieldId,
} from '../src/domain/qr/content';
import { CHUNK_BYTES } from '../src/domain/qr/hosting';
import { payloadText } from '../src/domain/qr/payload';
import { payloadFor, qrTypes, type QrType, type QrTypeId } from '../src/domain/qr/qr-types';
import { seriousViolations } from './support/axe';
import { openCode } from './support/demo-code';
import { bytesOf } from './support/downloads';
import { printedText, shortLinkIdOf } from './support/my-codes';
import { userWithCodes } from './support/saved-user';
import { scanFile } from './support/scan-svg';
import { signedInTest } from './support/signed-in';
import { useShop } from './support/shop';
import {
  chooseType,
  label,
  mp3Head,
  mp4Head,
  patternedBytes,
  sampleFile,
  tinyPng,
  validText,
  wizardHeadings,
} from './support/wizard';

const shop = useShop();

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Bytes of a file of a kind: its real first bytes, then bytes that all differ. */
function fileOf(head: Uint8Array, size: number) {
  const bytes = patternedBytes(Math.max(size, head.length));
  bytes.set(head);
  return bytes;
}
const pdfHead = new TextEncoder().encode('%PDF-1.7\n');

interface Context {
  readonly page: Page;
  readonly phone: Page;
  readonly baseURL: string;
  /** What the downloaded picture holds. */
  readonly text: string;
}

interface StaticCase {
  readonly text: (shopOrigin: string) => Partial<Record<TextFieldId, string>>;
  /** Checks what the code holds and opens what it leads to. */
  readonly check: (context: Context, shopOrigin: string) => Promise<void>;
}

interface FileCase {
  readonly field: FileFieldId;
  readonly name: string;
  readonly bytes: Uint8Array;
  /** What the file's page shows it with. */
  readonly shows: (phone: Page) => Promise<string>;
}

/** Opens `url` as a phone and expects the shop's page at `path`. */
async function opensShop({ phone }: Context, url: string, path: string) {
  await phone.goto(url);
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText(path);
}

const staticCases: Partial<Record<QrTypeId, StaticCase>> = {
  web: {
    text: (shop) => ({ websiteUrl: `${shop}/web` }),
    check: async (context, shop) => {
      expect(context.text).toBe(`${shop}/web`);
      await opensShop(context, context.text, '/web');
    },
  },
  linklist: {
    text: () => ({}),
    check: async ({ phone, text, baseURL }) => {
      // The link list's static code opens the site's viewer page, which lists the links.
      expect(text.startsWith(`${baseURL}/v#`)).toBe(true);
      await phone.goto(text);
      await expect(phone.getByRole('link', { name: /menu\.example\.co\.za/ })).toBeVisible();
    },
  },
  vcard: {
    text: () => ({
      ...Object.fromEntries(Object.entries(validText).filter(([id]) => id.startsWith('vcard'))),
      vcardFirstName: 'Thandi',
      vcardLastName: 'Mokoena',
      vcardEmail: 'thandi@example.co.za',
    }),
    check: async ({ text }) => {
      expect(text).toMatch(/^BEGIN:VCARD\r?\n/);
      expect(text).toContain('FN:Thandi Mokoena');
      expect(text).toContain('EMAIL;TYPE=INTERNET:thandi@example.co.za');
      expect(text).toContain('TEL;TYPE=WORK,VOICE:0111234567');
    },
  },
  biz: {
    text: (shop) => ({ businessName: 'Kempton Code Works', businessURL: `${shop}/biz` }),
    check: async (context, shop) => {
      expect(context.text).toBe(`${shop}/biz`);
      await opensShop(context, context.text, '/biz');
    },
  },
  fbook: {
    text: () => ({ facebookUrl: 'https://www.facebook.com/kemptoncodeworks' }),
    check: async ({ text }) => expect(text).toBe('https://www.facebook.com/kemptoncodeworks'),
  },
  insta: {
    text: () => ({ instagramUsername: 'kemptoncodeworks' }),
    check: async ({ text }) => expect(text).toBe('https://instagram.com/kemptoncodeworks'),
  },
  smedia: {
    text: () => ({}),
    check: async (context, shop) => {
      expect(context.text).toBe(`${shop}/social`);
      await opensShop(context, context.text, '/social');
    },
  },
  whapp: {
    text: () => ({
      whatsappCountryCode: '27',
      whatsappNumber: '082 123 4567',
      whatsappMessage: 'Hello!',
    }),
    check: async ({ text }) => expect(text).toBe('https://wa.me/27821234567?text=Hello!'),
  },
  apps: {
    text: () => ({
      appStoreLink: 'https://apps.apple.com/app/id123',
      playStoreLink: 'https://play.google.com/store/apps/details?id=za.example',
    }),
    check: async ({ phone, text, baseURL }) => {
      expect(text.startsWith(`${baseURL}/v#`)).toBe(true);
      await phone.goto(text);
      await expect(phone.getByRole('link', { name: /Download on the App Store/ })).toHaveAttribute(
        'href',
        'https://apps.apple.com/app/id123',
      );
    },
  },
  coup: {
    text: () => ({ couponCode: 'SAVE10' }),
    check: async ({ text }) => expect(text).toBe('SAVE10'),
  },
  wifi: {
    text: () => ({ wifiSSID: 'Office WiFi', encrypt: 'WPA/WPA2', wifiPassword: 'secret pass' }),
    check: async ({ text }) => expect(text).toBe('WIFI:T:WPA;S:Office WiFi;P:secret pass;;'),
  },
};

/**
 * The case of a type with none of its own: its text fields filled with valid content, and its code
 * holding what the domain makes of that content (a plain web address off this machine, say).
 */
function ownTextCase(type: QrType): StaticCase {
  const text = Object.fromEntries(
    contentItems(type).flatMap((item) =>
      item.kind === 'text' && item.id !== 'qrName' && validText[item.id] !== ''
        ? [[item.id, validText[item.id]]]
        : [],
    ),
  ) as Partial<Record<TextFieldId, string>>;
  return {
    text: () => text,
    check: async ({ text: printed, baseURL }) => {
      const content = { ...emptyContent, text: { ...emptyContent.text, ...text } };
      const expected = payloadText(payloadFor(type.id, content, { viewerOrigin: baseURL }));
      expect(expected, type.id).not.toBeNull();
      expect(printed).toBe(expected);
    },
  };
}

/** A static type's case: its own below, or made from its fields' valid content. */
const staticCaseOf = (type: QrType): StaticCase => staticCases[type.id] ?? ownTextCase(type);

const fileCases: Partial<Record<QrTypeId, FileCase>> = {
  pdf: {
    field: 'pdfFile',
    name: 'brochure.pdf',
    bytes: fileOf(pdfHead, CHUNK_BYTES + 2000),
    shows: async (phone) =>
      (await phone.getByRole('link', { name: 'Open the PDF' }).getAttribute('href'))!,
  },
  menu: {
    field: 'menuFile',
    name: 'menu.pdf',
    bytes: fileOf(pdfHead, 40_000),
    shows: async (phone) =>
      (await phone.getByRole('link', { name: 'Open the menu' }).getAttribute('href'))!,
  },
  img: {
    field: 'imageFile',
    name: 'photo.png',
    bytes: tinyPng,
    shows: async (phone) => {
      const picture = phone.getByRole('img', { name: 'Every type: img' });
      // Drawn: the browser could decode what the page serves.
      await expect
        .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth))
        .toBe(1);
      return (await picture.getAttribute('src'))!;
    },
  },
  aud: {
    field: 'audioFile',
    name: 'jingle.mp3',
    bytes: fileOf(mp3Head, 30_000),
    shows: async (phone) => (await phone.locator('audio[controls]').getAttribute('src'))!,
  },
  video: {
    field: 'videoFile',
    name: 'advert.mp4',
    bytes: fileOf(mp4Head, 60_000),
    shows: async (phone) => (await phone.locator('video[controls]').getAttribute('src'))!,
  },
};

/** Downloads the demo page's code as a PNG and reads it back. */
async function downloadedText(page: Page) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download', exact: true }).click(),
  ]);
  return (await scanFile(page, await bytesOf(file), 'image/png')).text!;
}

async function staticCode(page: Page, type: QrType, shopOrigin: string) {
  const made = staticCaseOf(type);
  const name = `Every type: ${type.id}`;
  if (type.id !== 'linklist' && type.id !== 'smedia') {
    await openCode(page, type.id, { text: made.text(shopOrigin), name });
    return downloadedText(page);
  }
  // The lists are not text fields: the link list and social media fill theirs on the form.
  await chooseType(page, type);
  await page
    .getByLabel(type.id === 'linklist' ? 'Link 1' : 'Social media link', { exact: true })
    .fill(type.id === 'linklist' ? 'https://menu.example.co.za/' : `${shopOrigin}/social`);
  await page.getByLabel(label('qrName'), { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: wizardHeadings.design })).toBeVisible();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: wizardHeadings.demo })).toBeVisible();
  return downloadedText(page);
}

async function fileCode(page: Page, type: QrType) {
  const made = fileCases[type.id]!;
  const name = `Every type: ${type.id}`;
  const path = sampleFile(
    `every-${test.info().workerIndex}-${made.name}`,
    made.bytes.length,
    made.bytes,
  );
  await chooseType(page, type);
  await page.getByLabel(label('qrName'), { exact: true }).fill(name);
  await page.getByLabel(fileFields[made.field].label, { exact: true }).setInputFiles(path);
  await expect(page.getByText('Uploaded.', { exact: true })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: 'Save to My QR Codes' }).click();
  await shortLinkIdOf(page, name);
  return printedText(page, name);
}

// A static code needs no account of its own: the demo user's session is enough, and cheaper. A
// few types share each story, one after another in one browser (a browser context and a first
// load of the app cost a story more than a code does), the draft discarded between them as a
// person would (Start over), so that no field of one type's content reaches the next.
const staticTypes = qrTypes.filter((entry) => entry.modes.static);
const STATIC_TYPES_PER_STORY = 4;
for (let first = 0; first < staticTypes.length; first += STATIC_TYPES_PER_STORY) {
  const types = staticTypes.slice(first, first + STATIC_TYPES_PER_STORY);
  signedInTest(
    `${types.map((type) => type.label).join(', ')}: each made, downloaded, scanned, and it leads to its content`,
    async ({ page, baseURL }) => {
      test.setTimeout(30_000 * types.length);
      const phone = await page.context().newPage();
      for (const [index, type] of types.entries()) {
        await test.step(type.label, async () => {
          if (index > 0) {
            await page.getByRole('button', { name: 'Start over' }).click();
            await page.getByRole('button', { name: 'Discard draft' }).click();
            await expect(page).toHaveURL(/\/QR_Type$/);
          }
          const text = await staticCode(page, type, shop().origin);
          await staticCaseOf(type).check({ page, phone, baseURL: baseURL!, text }, shop().origin);
        });
      }
    },
  );
}

// A hosted file's code is dynamic: a verified account, which uploads and saves it. One account
// makes each type's code in turn (an account and a first load of the app cost a story more than a
// code does). The PDF's code is left to tests/hosted-files.spec.ts, whose PDF story proves all of
// this and more (its headers, the download, the scan counted, at both widths); each other type
// here proves what is its own: its file field takes a file of its kind, the server accepts that
// kind, and the file's page shows the file with the element of its kind.
const provenElsewhere: Partial<Record<QrTypeId, string>> = { pdf: 'tests/hosted-files.spec.ts' };
const hostedTypes = qrTypes.filter((entry) => fileCases[entry.id] && !provenElsewhere[entry.id]);

test(`${hostedTypes.map((type) => type.label).join(', ')}: each made, uploaded, saved, scanned, and it serves the same bytes`, async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000 + 30_000 * hostedTypes.length);
  await userWithCodes(page, []);
  const phone = await page.context().newPage();
  for (const type of hostedTypes) {
    await test.step(type.label, async () => {
      const file = fileCases[type.id]!;
      const printed = await fileCode(page, type);
      expect(printed).toMatch(new RegExp(`^${baseURL}/q/\\w{10}\\?qr=1$`));
      await phone.goto(printed);
      await expect(phone.getByRole('heading', { level: 1 })).toHaveText(`Every type: ${type.id}`);
      const href = await file.shows(phone);
      expect(await seriousViolations(phone)).toEqual([]);
      const served = await phone.request.get(new URL(href, baseURL).href);
      expect(served.status()).toBe(200);
      expect(sha256(await served.body())).toBe(sha256(file.bytes));
    });
  }
});

test('every type has a case here', () => {
  // A code that can hold its content is made statically (its own case, or its fields' valid
  // content); one that cannot is a hosted file, which needs its bytes here.
  expect(qrTypes.filter((type) => !type.modes.static && !fileCases[type.id])).toEqual([]);
  for (const id of Object.keys(staticCases) as QrTypeId[]) {
    expect(qrTypes.find((type) => type.id === id)?.modes.static, id).toBe(true);
  }
  // A hosted type whose story is elsewhere still has its case here, and that story exists.
  for (const [id, spec] of Object.entries(provenElsewhere)) {
    expect(fileCases[id as QrTypeId], id).toBeDefined();
    expect(readFileSync(spec, 'utf8'), id).toContain(`a ${id.toUpperCase()} code: uploaded`);
  }
});
