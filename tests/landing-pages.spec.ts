// Dynamic codes whose short link shows a page of the site (a coupon, a contact card), through the
// real stack: made in the wizard, saved, the server makes the link with the page's content, the
// downloaded picture is scanned and the phone opens the page through Hosting and the Functions
// emulator: a few kilobytes of HTML in the site's look, accessible, with what the code is for.
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { openCode } from './support/demo-code';
import { bytesOf } from './support/downloads';
import { dynamicChoice, printedText, savedRow, shortLinkIdOf } from './support/my-codes';
import { userWithCodes } from './support/saved-user';
import { signedInTest } from './support/signed-in';

const row = savedRow;

/** Saves the demo page's code as dynamic, and downloads its picture once its link works. */
async function saveAndPrint(page: Page, name: string) {
  await dynamicChoice(page).check();
  await page.getByRole('button', { name: 'Save to My QR Codes' }).click();
  await shortLinkIdOf(page, name);
  const printed = await printedText(page, name);
  expect(printed).toMatch(/\/q\/\w+\?qr=1$/);
  return printed;
}

// One account makes both codes, each a step (an account and a first load of the app cost a story
// more than a code does); one phone opens both pages, the card's last, as its download ends what
// the headless shell's page answers.
test("a dynamic coupon and a dynamic contact card: the coupon's page gives its code to copy; the card's calls, emails and saves the contact @phone", async ({
  page,
  context,
}) => {
  test.setTimeout(100_000);
  await userWithCodes(page, []);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const phone = await context.newPage();
  await test.step('a dynamic coupon: its printed code opens a page with the code to copy', async () => {
    await openCode(page, 'coup', { text: { couponCode: 'SPRING25' }, name: 'Spring sale' });
    const printed = await saveAndPrint(page, 'Spring sale');
    await expect(row(page, 'Spring sale')).toContainText('Shows the coupon code SPRING25');

    const response = await phone.goto(printed);
    expect(response?.status()).toBe(200);
    await expect(phone.getByRole('heading', { level: 1 })).toHaveText('Spring sale');
    await expect(phone.getByText('SPRING25', { exact: true })).toBeVisible();
    await phone.getByRole('button', { name: 'Copy the code' }).click();
    await expect(phone.getByRole('status')).toHaveText('Copied.');
    expect(await phone.evaluate(() => navigator.clipboard.readText())).toBe('SPRING25');
    expect(await seriousViolations(phone)).toEqual([]);
  });

  await test.step('a dynamic contact card: its page calls, emails and saves the contact', async () => {
    await openCode(page, 'vcard', {
      text: {
        vcardFirstName: 'Thandi',
        vcardLastName: 'Builder',
        vcardPhone: '011 555 0100',
        vcardEmail: 'thandi@kemptoncodeworks.co.za',
        vcardWebsite: 'kemptoncodeworks.co.za',
        vcardCompany: 'Kempton Code Works',
        vcardJob: 'PC builder',
        vcardAddress: '1 Voortrekker Road',
        vcardCity: 'Kempton Park',
        vcardPostalCode: '1619',
        vcardCountry: 'South Africa',
      },
      name: 'Thandi’s card',
    });
    const printed = await saveAndPrint(page, 'Thandi’s card');
    await expect(row(page, 'Thandi’s card')).toContainText(
      'Shows the contact card of Thandi Builder',
    );

    await phone.goto(printed);
    await expect(phone.getByRole('heading', { level: 1 })).toHaveText('Thandi Builder');
    await expect(phone.getByText('PC builder · Kempton Code Works')).toBeVisible();
    // The form keeps a phone number's digits.
    await expect(phone.getByRole('link', { name: 'Call 0115550100' })).toHaveAttribute(
      'href',
      'tel:0115550100',
    );
    await expect(phone.getByRole('link', { name: /^Email / })).toHaveAttribute(
      'href',
      'mailto:thandi@kemptoncodeworks.co.za',
    );
    // Scanned before the download: in the headless shell the tests run in, a page that has just
    // handed a file to the browser never answers another script (a full Chromium does).
    expect(await seriousViolations(phone)).toEqual([]);
    const [card] = await Promise.all([
      phone.waitForEvent('download'),
      phone.getByRole('link', { name: 'Save contact' }).click(),
    ]);
    const vcard = (await bytesOf(card)).toString('utf8');
    expect(vcard).toContain('FN:Thandi Builder\r\n');
    expect(vcard).toContain('TEL;TYPE=WORK,VOICE:0115550100\r\n');
    expect(vcard).toContain(
      'ADR;TYPE=WORK:;;1 Voortrekker Road;Kempton Park;;1619;South Africa\r\n',
    );
  });
});

// The demo user's stored session is enough: nothing is saved.
signedInTest('a WiFi code says why it cannot be dynamic', async ({ page }) => {
  await openCode(page, 'wifi', {
    text: { wifiSSID: 'Guests', encrypt: 'WPA/WPA2', wifiPassword: 'welcome-2026' },
    name: 'Guest WiFi',
  });
  await expect(page.getByText(/^A WiFi code cannot be dynamic/)).toBeVisible();
  await expect(
    page.getByRole('checkbox', { name: 'Dynamic code: change where it leads after printing' }),
  ).toHaveCount(0);
});
