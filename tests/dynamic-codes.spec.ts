// Dynamic codes from the owner's side, through the real stack: the page saves the code, the Cloud
// Function (Functions emulator, behind Hosting's /api/links rewrite) mints its short link, the
// redirect (/q/<id>) sends scans on to "a shop's site" served locally, and counts them. What a
// user must never get: a picture of a link that does not work yet, a link made without a verified
// email address, or a code lost because its link was refused.
import { expect, test, type Page } from '@playwright/test';
import { LINK_LIMITS } from '../src/domain/qr/link-policy';
import { ID_ALPHABET, LINK_ID_LENGTH } from '../src/domain/qr/short-link';
import { oobCodes } from './support/auth-emulator';
import { seriousViolations } from './support/axe';
import { openWebCode } from './support/demo-code';
import { dynamicChoice, printedText, savedRow, shortLinkIdOf } from './support/my-codes';
import { emailsTo } from './support/mail-catcher';
import { linkDocument, seedAccount, userWithCodes } from './support/saved-user';
import { scanSvg } from './support/scan-svg';
import { keepScreenshot } from './support/screenshots';
import { serviceWorkerTest, untilControlled } from './support/service-worker';
import { useShop } from './support/shop';
import { label } from './support/wizard';

// Each story here signs in, goes through the wizard and waits on a Cloud Function's answers: on a
// busy 2-core machine their steps take one to two seconds each, and 30 s ran out before the last
// step (every step was moving). The longest story sets its own time below.
test.describe.configure({ timeout: 60_000 });

const row = savedRow;

/** The id of a row's short link, once the server has made it: one it minted at random. */
async function linkIdOf(page: Page, name: string) {
  const id = await shortLinkIdOf(page, name);
  expect(id).toMatch(new RegExp(`^[${ID_ALPHABET}]{${LINK_ID_LENGTH}}$`));
  return id;
}

/**
 * Where the printed link leads now, asked with HEAD requests (answered like a scan, not counted as
 * one) until it is `expected`: the redirect keeps a link in memory for a few seconds, so a change
 * reaches it within those.
 */
async function expectLeadsTo(page: Page, link: string, expected: string | number) {
  await expect
    .poll(
      async () => {
        const response = await page.request.head(link, { maxRedirects: 0 });
        return typeof expected === 'number' ? response.status() : response.headers().location;
      },
      // The redirect's memory (FRESH_MS, 5 s), with room for a busy machine.
      { timeout: 15_000 },
    )
    .toBe(expected);
}

const shop = useShop();

test('a dynamic code: saved first, then printed; its link follows Edit, counts scans, retires on Delete and comes back with Undo', async ({
  page,
  baseURL,
}) => {
  // A whole life of a printed code: many round trips through the emulators.
  test.setTimeout(90_000);
  await userWithCodes(page, []);
  await openWebCode(page, { url: `${shop().origin}/specials`, name: 'Specials' });
  await expect(dynamicChoice(page)).not.toBeChecked();
  await dynamicChoice(page).check();
  // Before it is saved, the code holds a stand-in link: nothing to download, print or email.
  await expect(
    page.getByText(/^A sample: its short link is made when you save the code/),
  ).toBeVisible();
  const get = page.getByRole('region', { name: 'Get your code' });
  await expect(get.getByRole('note')).toContainText(
    'To download or email a dynamic code, save it first',
  );
  await expect(get.getByRole('button', { name: /Download/ })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Receive by email' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save to My QR Codes' }).click();

  // The server makes the link: ten characters, chosen at random, of its own.
  const id = await linkIdOf(page, 'Specials');
  const saved = row(page, 'Specials');
  await expect(saved).toContainText(`Leads to ${shop().origin}/specials · 0 scans`);
  expect(await linkDocument(id)).toMatchObject({
    target: `${shop().origin}/specials`,
    deletedAt: null,
  });

  // Printed: the downloaded PNG holds the printed link, and a phone that scans it lands on the
  // target through the redirect, which counts the scan.
  const printed = `${baseURL}/q/${id}?qr=1`;
  expect(await printedText(page, 'Specials')).toBe(printed);
  const phone = await page.context().newPage();
  await phone.goto(printed);
  await expect(phone).toHaveURL(`${shop().origin}/specials`);
  await expect(saved).toContainText(`Leads to ${shop().origin}/specials · 1 scan`);

  // Edit after printing: the same printed link leads to the new target.
  await saved.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel(label('websiteUrl'), { exact: true }).fill(`${shop().origin}/winter`);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(dynamicChoice(page)).toBeChecked();
  await expect(dynamicChoice(page)).toBeDisabled();
  // Its own link is known: the preview is the real printed code.
  await expect
    .poll(() => scanSvg(page.getByRole('img', { name: /^QR code that opens .*\/q\// })))
    .toBe(printed);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(row(page, 'Specials')).toContainText(`Leads to ${shop().origin}/winter`);
  await expect
    .poll(() => scanSvg(row(page, 'Specials').getByRole('img', { name: 'QR code Specials' })))
    .toBe(printed);
  await expectLeadsTo(page, printed, `${shop().origin}/winter`);
  await phone.goto(printed);
  await expect(phone).toHaveURL(`${shop().origin}/winter`);
  await expect(row(page, 'Specials')).toContainText(`Leads to ${shop().origin}/winter · 2 scans`);

  // Delete: the link is retired, never removed; its printed copies say so.
  await row(page, 'Specials').getByRole('button', { name: 'Delete' }).click();
  await expect.poll(async () => (await linkDocument(id))?.deletedAt ?? null).not.toBeNull();
  await expectLeadsTo(page, printed, 410);
  const retired = await phone.goto(printed);
  expect(retired?.status()).toBe(410);
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText(
    'This code is no longer active',
  );
  await expect(phone.getByRole('link', { name: 'Report this link' })).toBeVisible();
  expect(await seriousViolations(phone)).toEqual([]);

  // Undo: the same link works again.
  await page.getByRole('status').getByRole('button', { name: 'Undo' }).click();
  await expect(row(page, 'Specials')).toContainText(
    `Dynamic: ${baseURL!.replace('http://', '')}/q/${id}`,
  );
  await expect.poll(() => linkDocument(id)).toMatchObject({ deletedAt: null });
  await expectLeadsTo(page, printed, `${shop().origin}/winter`);
  await phone.goto(printed);
  await expect(phone).toHaveURL(`${shop().origin}/winter`);
});

test('an account without a verified email address verifies it from the code’s last step, then makes a dynamic code', async ({
  page,
  context,
}) => {
  const user = await userWithCodes(page, [], { verified: false });
  await openWebCode(page, { url: `${shop().origin}/menu`, name: 'Menu' });
  await expect(dynamicChoice(page)).toBeDisabled();
  const verify = page.getByRole('group', { name: 'Verify your email address' });
  await expect(verify).toContainText('Dynamic codes need a verified email address');
  await expect(verify).toContainText(user.email);

  await verify.getByRole('button', { name: 'I have verified it' }).click();
  await expect(verify.getByRole('alert')).toHaveText(/not verified yet/);
  await verify.getByRole('button', { name: 'Send the verification email again' }).click();
  await expect(verify.getByRole('status')).toContainText(
    `Open the link in the email to ${user.email}`,
  );
  const [email] = await oobCodes(user.email).then((codes) =>
    codes.filter((code) => code.requestType === 'VERIFY_EMAIL'),
  );
  expect(email).toBeDefined();
  // The link in the email, opened in another tab as a person would.
  const mail = await context.newPage();
  await mail.goto(email.oobLink);
  await mail.close();

  await verify.getByRole('button', { name: 'I have verified it' }).click();
  await expect(verify).toHaveCount(0);
  await expect(dynamicChoice(page)).toBeEnabled();
  await dynamicChoice(page).check();
  await page.getByRole('button', { name: 'Save to My QR Codes' }).click();
  await linkIdOf(page, 'Menu');
});

serviceWorkerTest(
  'a dynamic code saved offline gets its link once back online, and the page says so',
  async ({ page, context }) => {
    await userWithCodes(page, []);
    await openWebCode(page, { url: `${shop().origin}/offline`, name: 'Window' });
    await dynamicChoice(page).check();
    // Offline, the app's pages come from the service worker's precache: wait until it is in place.
    await untilControlled(page);
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Save to My QR Codes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved “Window”' })).toContainText(
      'You are offline: its short link is made when you are back online',
    );
    const waiting = row(page, 'Window');
    await expect(waiting).toContainText('Waiting to sync');
    await expect(waiting).toContainText(
      'its short link is made once this code reaches our server, when you are back online',
    );
    await expect(waiting.getByRole('button', { name: 'Download' })).toHaveCount(0);

    await context.setOffline(false);
    await linkIdOf(page, 'Window');
    await expect(row(page, 'Window')).toContainText(`Leads to ${shop().origin}/offline · 0 scans`);
    await expect(row(page, 'Window').getByRole('button', { name: 'Download' })).toBeVisible();
  },
);

test('a link the server refuses keeps the code, says why, and offers to try again', async ({
  page,
}) => {
  const user = await userWithCodes(page, []);
  await seedAccount(user.uid, { activeLinks: LINK_LIMITS.activeLinks });
  await openWebCode(page, { url: `${shop().origin}/sale`, name: 'Sale' });
  await dynamicChoice(page).check();
  await page.getByRole('button', { name: 'Save to My QR Codes' }).click();
  const refused = row(page, 'Sale');
  await expect(refused).toContainText(
    `Dynamic, without a short link: An account can have ${LINK_LIMITS.activeLinks} dynamic codes at once`,
  );
  await expect(refused.getByRole('button', { name: 'Download' })).toHaveCount(0);

  // A code deleted elsewhere frees a place: Try again makes the link.
  await seedAccount(user.uid, { activeLinks: LINK_LIMITS.activeLinks - 1 });
  await refused.getByRole('button', { name: 'Try again' }).click();
  await linkIdOf(page, 'Sale');
});

test('a target a short link may not lead to is refused on the page, and on the server', async ({
  page,
}) => {
  await userWithCodes(page, []);
  // A private address: said on the page at once, and Save keeps everything typed.
  await openWebCode(page, { url: 'http://192.168.1.1/admin', name: 'Router' });
  await dynamicChoice(page).check();
  const alert = page.getByRole('alert').filter({ hasText: 'A short link cannot lead there.' });
  await expect(alert).toContainText('private network');
  await page.getByRole('button', { name: 'Save to My QR Codes' }).click();
  await expect(page).toHaveURL(/\/QR_Demo$/);
  await dynamicChoice(page).uncheck();
  await expect(alert).toHaveCount(0);

  // A blocklisted site passes the page's rule; the server refuses it, and says why.
  await page.getByRole('link', { name: 'Edit content' }).click();
  await page
    .getByLabel(label('websiteUrl'), { exact: true })
    .fill('https://testsafebrowsing.appspot.com/s/phishing.html');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await dynamicChoice(page).check();
  await page.getByRole('button', { name: 'Save to My QR Codes' }).click();
  await expect(row(page, 'Router')).toContainText('on our list of harmful or abused sites');
});

test('a printed code whose destination stops answering: Check now shows it failing, its owner is emailed, and it answers again', async ({
  page,
}) => {
  const lunch = `${shop().origin}/lunch`;
  const user = await userWithCodes(
    page,
    [
      {
        id: 'lunch',
        name: 'Lunch menu',
        url: lunch,
        updatedAt: '2026-12-01T10:00:00Z',
        dynamic: { id: 'LunchMenu1', days: {} },
      },
    ],
    { at: '/UserQRCodes' },
  );
  const menu = row(page, 'Lunch menu');
  const health = menu.getByRole('status');
  await expect(health).toHaveText('Where it leads is checked daily');

  // The shop takes its lunch menu down: checked at once, the code says so, and its owner hears.
  shop().stop('/lunch');
  await menu.getByRole('button', { name: 'Check now' }).click();
  await expect(health).toHaveText(/^Failing: Answered 404 since \d{1,2} [A-Z][a-z]{2}$/);
  expect(await seriousViolations(page)).toEqual([]);
  await keepScreenshot(page, 'code-failing-desktop');
  await expect
    .poll(async () => (await emailsTo(user.email)).map((email) => email.subject))
    .toEqual(['Lunch menu: where it leads is not answering']);
  const [notice] = await emailsTo(user.email);
  expect(notice!.text).toContain(`The printed code "Lunch menu" leads to ${lunch}`);

  // Back up: the next check finds it answering (the recovery's email waits for a day after the
  // break's, so a flapping site sends no more than one a day).
  shop().serve('/lunch');
  await menu.getByRole('button', { name: 'Check now' }).click();
  await expect(health).toHaveText(
    /^Where it leads answered when checked on \d{1,2} [A-Z][a-z]{2}$/,
  );

  // Its owner turns the daily check off: stored on the link, which the day's run then skips.
  const daily = menu.getByRole('checkbox', { name: /Check daily that it still answers/ });
  await expect(daily).toBeChecked();
  await daily.click();
  await expect(daily).not.toBeChecked();
  expect(await linkDocument('LunchMenu1')).toMatchObject({ watch: false });
});
