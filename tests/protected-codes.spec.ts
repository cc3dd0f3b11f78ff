// A password-protected dynamic code, through the real stack: the password is typed in the content
// form, never saved with the code, sent to the server once the link exists; a phone that scans
// the code is asked for it, wrong and right; the owner removes it in My QR Codes.
import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { openCode } from './support/demo-code';
import { userWithCodes } from './support/saved-user';
import { dynamicChoice, savedRow, shortLinkIdOf } from './support/my-codes';
import { useShop } from './support/shop';

const shop = useShop();

test('a protected code asks whoever scans it for its password @phone', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await userWithCodes(page, []);
  await openCode(page, 'web', {
    text: { websiteUrl: `${shop().origin}/members`, password: 'sesame-2026' },
    name: 'Members',
  });
  await dynamicChoice(page).check();
  await page.getByRole('button', { name: 'Save to My QR Codes' }).click();
  const saved = savedRow(page, 'Members');
  const id = await shortLinkIdOf(page, 'Members');
  // Set on the server (not only on its way there): the row offers to remove it.
  await expect(saved.getByRole('button', { name: 'Remove the password' })).toBeVisible({
    timeout: 20_000,
  });

  const phone = await context.newPage();
  await phone.goto(`${baseURL}/q/${id}?qr=1`);
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText('This code is protected');
  expect(await seriousViolations(phone)).toEqual([]);
  await phone.getByLabel('Password').fill('open sesame');
  await phone.getByRole('button', { name: 'Open' }).click();
  await expect(phone.getByRole('alert')).toHaveText(
    'That is not the password. Check it and try again.',
  );
  await expect(phone.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
  await phone.getByLabel('Password').fill('sesame-2026');
  await phone.getByRole('button', { name: 'Open' }).click();
  await expect(phone).toHaveURL(`${shop().origin}/members`);
  // Let in for a while: the next scan goes straight on.
  await phone.goto(`${baseURL}/q/${id}?qr=1`);
  await expect(phone).toHaveURL(`${shop().origin}/members`);

  // The owner removes the password: a browser never let in goes straight on too.
  await saved.getByRole('button', { name: 'Remove the password' }).click();
  await expect(saved).not.toContainText('Protected by a password', { timeout: 20_000 });
  const stranger = await (await page.context().browser()!.newContext()).newPage();
  await expect
    .poll(
      async () => {
        const response = await stranger.request.get(`${baseURL}/q/${id}`, { maxRedirects: 0 });
        return response.headers().location ?? response.status();
      },
      { timeout: 15_000 },
    )
    .toBe(`${shop().origin}/members`);
});
