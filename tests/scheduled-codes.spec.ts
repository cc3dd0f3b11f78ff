// A dynamic code with an end: the owner sets its last day and what scans get afterwards, in the
// content form; My QR Codes says when it is active; a phone that scans it after its last day gets
// the owner's message instead of the target. A last day before the first is refused in the form.
import { expect, test } from '@playwright/test';
import { addDays, scanDay } from '../src/domain/qr/scan-time';
import { seriousViolations } from './support/axe';
import { openCode } from './support/demo-code';
import { userWithCodes } from './support/saved-user';
import { dynamicChoice, savedRow, shortLinkIdOf } from './support/my-codes';
import { useShop } from './support/shop';
import { label } from './support/wizard';

const shop = useShop();

test('a code past its last day shows the owner’s message, not its target @phone', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const yesterday = addDays(scanDay(new Date()), -1);
  await userWithCodes(page, []);
  await openCode(page, 'web', {
    text: {
      websiteUrl: `${shop().origin}/spring-sale`,
      activeUntil: yesterday,
      inactiveMessage: 'The spring sale is over. See you in winter!',
    },
    name: 'Spring sale',
  });
  await dynamicChoice(page).check();
  await page.getByRole('button', { name: 'Save to My QR Codes' }).click();
  const saved = savedRow(page, 'Spring sale');
  const [year, month, day] = yesterday.split('-').map(Number);
  const months = [
    'Jan',
    'Feb',
    'Mar',
    'Apr',
    'May',
    'Jun',
    'Jul',
    'Aug',
    'Sep',
    'Oct',
    'Nov',
    'Dec',
  ];
  await expect(saved).toContainText(`Active until ${day} ${months[month - 1]} ${year}`, {
    timeout: 20_000,
  });
  const id = await shortLinkIdOf(page, 'Spring sale');

  const phone = await page.context().newPage();
  await phone.goto(`${baseURL}/q/${id}?qr=1`);
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText('This code has ended');
  await expect(phone.getByText('The spring sale is over. See you in winter!')).toBeVisible();
  await expect(phone).toHaveURL(`${baseURL}/q/${id}?qr=1`);
  expect(await seriousViolations(phone)).toEqual([]);
  // The scan still counts: the owner sees that people scan it.
  await expect(saved).toContainText('1 scan', { timeout: 20_000 });
});

test('a last day before the first is refused beside the field, keeping both', async ({ page }) => {
  await userWithCodes(page, []);
  await page.goto('/QR_Type');
  await page.getByRole('button', { name: /^Website/ }).click();
  await page.getByLabel(label('websiteUrl'), { exact: true }).fill('https://example.co.za/');
  await page.getByLabel(label('activeFrom'), { exact: true }).fill('2026-12-31');
  await page.getByLabel(label('activeUntil'), { exact: true }).fill('2026-12-01');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(
    page.getByText('The last day is before the first. Please correct one of them.'),
  ).toBeVisible();
  await expect(page.getByLabel(label('activeUntil'), { exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(page.getByLabel(label('activeFrom'), { exact: true })).toHaveValue('2026-12-31');
});
