// The free trial, ordering a plan and paying by EFT, as a customer meets them: the dashboard
// counts the trial's days from the account's start, Billing orders a plan and shows how to pay it,
// the company's staff mark it paid at the desk with the amount the bank statement shows, which
// unlocks what waited, emails the invoice, and the invoice downloads; a printed code reported to
// the company is switched off at the desk, answers its warning page, and its owner is emailed. Printed codes keep working throughout. A
// team's billing member orders the team's plan from the team's workspace; its other members are
// told whom to ask, and their uploads are the team's.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { TRIAL_DAYS } from '../src/domain/billing';
import { qrTypes } from '../src/domain/qr/qr-types';
import { filePath } from '../src/domain/records/files';
import { createUser, oobCodes, uniqueEmail } from './support/auth-emulator';
import { seriousViolations } from './support/axe';
import { catcher, emailsTo } from './support/mail-catcher';
import {
  logIn,
  seedCodes,
  seedMember,
  seedTrialStart,
  storedDocument,
  userWithCodes,
} from './support/saved-user';
import { keepScreenshot } from './support/screenshots';
import { staffAtDesk } from './support/staff';
import { chooseType, sampleFile, tinyPdf } from './support/wizard';

test('the dashboard counts the trial’s days left from the account’s start', async ({ page }) => {
  const user = await userWithCodes(page, []);
  await seedTrialStart(user.uid, TRIAL_DAYS - 4);
  await page.reload();
  const standing = page.getByRole('status').filter({ hasText: 'free trial' });
  await expect(standing).toHaveText(
    /^4 days of your free trial left: it ends on \d+ \w+ 20\d\d\.$/,
  );
  await page.getByRole('link', { name: 'Upgrade' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  await expect(page.getByText('4 days of your free trial left')).toBeVisible();
});

test('an ended trial keeps printed codes working; staff at the desk mark the EFT order paid, which unlocks the waiting code, with its invoice, and switch off a reported code', async ({
  page,
  browser,
}) => {
  // A long story (two people, the staff script, three emails, an invoice): about 25 s alone, more
  // on a busy machine.
  test.setTimeout(90_000);
  const printedLink = `pr1nted${Date.now().toString(36)}`;
  const user = await userWithCodes(page, [
    {
      id: 'printed',
      name: 'Printed menu',
      url: 'https://example.co.za/menu',
      updatedAt: '2026-11-02T08:00:00Z',
      dynamic: { id: printedLink, days: {} },
    },
  ]);
  await seedTrialStart(user.uid, TRIAL_DAYS + 6);

  // The printed code still redirects, the trial over.
  const scan = await page.request.get(`/q/${printedLink}`, { maxRedirects: 0 });
  expect(scan.status()).toBe(302);
  expect(scan.headers().location).toBe('https://example.co.za/menu');

  // A new dynamic code waits for a plan, and says so.
  await seedCodes(user.uid, [
    {
      id: 'flyer',
      name: 'New flyer',
      url: 'https://example.co.za/flyer',
      updatedAt: '2026-11-24T08:00:00Z',
      waitingForLink: true,
    },
  ]);
  const flyer = page.getByRole('listitem', { name: 'New flyer' });
  // The server's answer, through the Functions emulator (its first start can take seconds).
  await expect(flyer).toContainText('Your free trial or plan has ended', { timeout: 20_000 });

  // Billing: the trial's end, then an order and how to pay it.
  await page.goto('/UserBilling');
  await expect(page.getByText(/^Your free trial ended on /)).toBeVisible();
  await page.getByRole('button', { name: 'Order the Monthly plan' }).click();
  const eft = page.getByRole('region', { name: 'Pay R600 by EFT for the Monthly plan' });
  // The billing function's first answer: a worker of the Functions emulator starts for it.
  await expect(eft).toBeVisible({ timeout: 20_000 });
  const reference = (await eft.getByRole('definition').last().textContent())!;
  expect(reference).toMatch(/^KCW-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  await expect(page.getByRole('button', { name: 'Monthly: ordered' })).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);
  // The same details by email, for paying from a banking app elsewhere.
  await expect
    .poll(async () => (await emailsTo(user.email)).map((email) => email.subject))
    .toEqual([`Your order ${reference}: Monthly plan, R600`]);
  const [confirmation] = await emailsTo(user.email);
  expect(confirmation.text).toContain(`Reference: ${reference}`);
  expect(confirmation.text).toContain('Amount: R600');
  await fetch(`${catcher}/api/email/${confirmation.id}`, { method: 'DELETE' });

  // The company's staff, at the desk in a browser of their own, find the order by its reference
  // and mark it paid with the amount the bank statement shows: a different one is refused until
  // its reason is given, and the reason field is where the cursor goes.
  const staff = await staffAtDesk(browser);
  const orders = staff.page.getByRole('region', { name: 'Orders waiting for payment' });
  await orders.getByRole('textbox', { name: 'Find an order' }).fill(reference.toLowerCase());
  await orders.getByRole('button', { name: 'Search orders' }).click();
  // The desk function's first answers: a worker of the Functions emulator may start for them.
  await expect(orders.getByRole('row')).toHaveCount(2, { timeout: 20_000 });
  await orders.getByRole('button', { name: `Mark paid ${reference}` }).click();
  await orders.getByLabel('Amount received (rand)').fill('595');
  await orders.getByRole('button', { name: 'Mark paid', exact: true }).click();
  await expect(orders.getByRole('alert')).toContainText('R600 (R5 less)');
  await expect(orders.getByLabel('Reason, if the amount differs')).toBeFocused();
  await orders.getByLabel('Amount received (rand)').fill('R600,00');
  await orders.getByRole('button', { name: 'Mark paid', exact: true }).click();
  await expect(orders.getByRole('status').filter({ hasText: 'is paid' })).toHaveText(
    new RegExp(`^Order ${reference} is paid: R600 received, invoice INV-\\d{6}, emailed to `),
  );
  // The form is done with: the order is paid, and no longer offered to mark paid.
  await expect(orders.getByRole('form')).toHaveCount(0);
  await expect(orders.getByRole('row', { name: new RegExp(reference) })).toContainText(
    'Paid, INV-',
  );
  expect(await seriousViolations(staff.page)).toEqual([]);
  await expect(page.getByText(/^Monthly plan, paid until /)).toBeVisible();
  await expect(eft).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(reference) });
  await expect(row).toContainText('Paid: until');

  // Its invoice, as a PDF that names it.
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: /^Invoice INV-\d{6}/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^INV-\d{6}\.pdf$/);
  const pdf = await readFile((await file.path())!, 'latin1');
  expect(pdf.startsWith('%PDF-')).toBe(true);
  expect(pdf).toContain(reference);

  // The invoice by email too.
  await expect
    .poll(async () => (await emailsTo(user.email)).map((email) => email.subject))
    .toContainEqual(expect.stringMatching(/^Payment received: invoice INV-\d{6}$/));

  // A visitor reports the printed menu's code as a scam from the contact page its page links to;
  // staff find the report at the desk, look the link up from it, switch it off with the reason
  // (its owner is emailed), and close the report.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/ContactPage?report=${printedLink}`);
  const contact = visitor.getByRole('form', { name: 'Contact Form' });
  await expect(contact.getByLabel('Message')).toBeFocused();
  await visitor.keyboard.type('it asks for card details.');
  await contact.getByLabel('Name').fill('Sipho Dube');
  await contact.getByLabel('Email').fill('sipho@example.co.za');
  await contact.getByRole('button', { name: 'Send message' }).click();
  await expect(contact.getByRole('status')).toHaveText('Thanks! Your message has been sent.');
  await visitor.context().close();
  const links = staff.page.getByRole('region', { name: 'Reported links' });
  await links.getByRole('button', { name: 'Refresh the reports' }).click();
  const reported = links.getByRole('row', { name: new RegExp(`/q/${printedLink}`) });
  await expect(reported).toContainText('it asks for card details.');
  await expect(reported).toContainText('Sipho Dube, sipho@example.co.za');
  await reported.getByRole('button', { name: `Look up /q/${printedLink}` }).click();
  await expect(links.getByRole('definition').filter({ hasText: 'Leads to' })).toHaveText(
    'Leads to https://example.co.za/menu',
  );
  await links.getByRole('button', { name: 'Switch off' }).click();
  // Required: the reason is what the owner and the log are told.
  await expect(links.getByLabel('Why it is switched off')).toBeFocused();
  await links.getByLabel('Why it is switched off').fill('Reported as a fake menu by a customer');
  await links.getByRole('button', { name: 'Switch off' }).click();
  await expect(links.getByRole('status').filter({ hasText: 'is switched off' })).toContainText(
    `is switched off: its scans get the warning page. Its owner (${user.email}) was emailed.`,
  );
  await reported.getByRole('button', { name: `Close the report of /q/${printedLink}` }).click();
  await links
    .getByLabel('Why it is closed')
    .fill('Switched off: a fake menu asking for card details');
  await links.getByRole('button', { name: 'Close the report', exact: true }).click();
  await expect(reported).toHaveCount(0);
  const warned = await page.request.get(`/q/${printedLink}`, { maxRedirects: 0 });
  expect(warned.status()).toBe(403);
  expect(await warned.text()).toContain('This link has been switched off');
  await expect
    .poll(async () => (await emailsTo(user.email)).map((email) => email.subject))
    .toContainEqual(expect.stringContaining('We switched off your short link'));
  // The audit log has both actions, with who and why.
  await staff.page.getByRole('button', { name: 'Refresh the log' }).click();
  const audit = staff.page.getByRole('table', { name: 'Audit log, newest first' });
  await expect(audit.getByRole('row').nth(1)).toContainText('Report closed');
  await expect(audit.getByRole('row').nth(2)).toContainText('Link switched off');
  await expect(audit.getByRole('row').nth(2)).toContainText('Reported as a fake menu');
  await expect(audit.getByRole('row').nth(3)).toContainText('Order marked paid');
  await expect(audit.getByRole('row').nth(3)).toContainText(staff.user.email);
  await keepScreenshot(staff.page, 'desk-desktop', { fullPage: true });
  // At a phone's width the desk's tables become cards, still passing the scan.
  await staff.page.setViewportSize({ width: 390, height: 844 });
  await keepScreenshot(staff.page, 'desk-phone', { fullPage: true });
  expect(await seriousViolations(staff.page)).toEqual([]);
  await staff.page.context().close();

  // My QR Codes asks again for a code whose link is out of step: now it gets one.
  await page.goto('/QR_Dashboard');
  await expect(flyer.getByRole('link', { name: /\/q\/[A-Za-z0-9_-]{8,}$/ })).toBeVisible();
  await expect(flyer).not.toContainText('has ended');
});

test('Subscribe on the pricing page leads to ordering that plan', async ({ page }) => {
  await userWithCodes(page, [], { at: '/QR_Pricing' });
  await page
    .getByRole('region', { name: '6 Months', exact: true })
    .getByRole('link', { name: 'Subscribe to the 6 Months plan' })
    .click();
  await expect(page).toHaveURL(/\/UserBilling\?plan=six-months$/);
  await expect(page.getByRole('button', { name: 'Order the 6 Months plan' })).toBeFocused();
  await page.getByRole('button', { name: 'Order the 6 Months plan' }).click();
  const eft = page.getByRole('region', { name: /^Pay R2\s700 by EFT for the 6 Months plan$/ });
  await expect(eft).toContainText('These bank details are placeholders');
  await eft.getByRole('button', { name: 'Cancel this order' }).click();
  await expect(eft).toBeHidden();
  await expect(page.getByRole('row', { name: /6 Months/ })).toContainText('Cancelled');
});

test('an account without a verified email address verifies it on Billing, then orders a plan', async ({
  page,
  context,
}) => {
  const user = await userWithCodes(page, [], { verified: false });
  await page.goto('/UserBilling');
  const verify = page.getByRole('group', { name: 'Verify your email address' });
  await expect(verify).toContainText('Ordering a plan needs a verified email address');
  await expect(page.getByRole('button', { name: 'Order the Monthly plan' })).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);

  await verify.getByRole('button', { name: 'Send the verification email again' }).click();
  await expect(verify.getByRole('status')).toContainText(
    `Open the link in the email to ${user.email}`,
  );
  const [email] = await oobCodes(user.email).then((codes) =>
    codes.filter((code) => code.requestType === 'VERIFY_EMAIL'),
  );
  // The link in the email, opened in another tab as a person would.
  const mail = await context.newPage();
  await mail.goto(email.oobLink);
  await mail.close();
  await verify.getByRole('button', { name: 'I have verified it' }).click();
  await expect(verify).toHaveCount(0);

  await page.getByRole('button', { name: 'Order the Monthly plan' }).click();
  // The billing function's first answer: a worker of the Functions emulator starts for it.
  await expect(
    page.getByRole('region', { name: 'Pay R600 by EFT for the Monthly plan' }),
  ).toBeVisible({ timeout: 20_000 });
});

test('in a team’s workspace, its billing member orders the team’s plan; its editor is told whom to ask, and uploads a file the server keeps as the team’s', async ({
  page,
  browser,
}) => {
  // Two people, two sign-ins, an order and an upload through the functions: about 20 s alone.
  test.setTimeout(90_000);
  const person = (name: string) =>
    createUser({ email: uniqueEmail(name), password: 'Team-pass-1', emailVerified: true });
  const [owner, books, editor] = await Promise.all([
    person('cafe'),
    person('books'),
    person('editor'),
  ]);
  // The team's trial started 3 days ago: its plan reads 11 days, a new account's own 14.
  await seedTrialStart(owner.uid, 3);
  await seedMember(owner, books, 'billing');
  await seedMember(owner, editor, 'editor');

  // The billing member opens Billing on their own codes, then works in the team's workspace.
  await logIn(page, books, { at: '/UserBilling' });
  await expect(page.getByRole('heading', { level: 2, name: 'Your plan' })).toBeVisible();
  await expect(page.getByText(/^14 days of your free trial left/)).toBeVisible();
  await page.getByLabel('Workspace').selectOption({ label: `${owner.email}: Billing` });
  await expect(
    page.getByRole('heading', { level: 2, name: `The plan of ${owner.email}` }),
  ).toBeVisible();
  await expect(
    page.getByText(`11 days of ${owner.email}'s free trial left`, { exact: false }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Order the Monthly plan' }).click();
  // Shown only once it is among the team's orders (the page lists those whose owner is the team).
  const eft = page.getByRole('region', { name: 'Pay R600 by EFT for the Monthly plan' });
  await expect(eft).toBeVisible({ timeout: 20_000 });
  const reference = (await eft.getByRole('definition').last().textContent())!;
  await expect(page.getByRole('row', { name: new RegExp(reference) })).toContainText(
    'Awaiting payment',
  );
  // The payment details go to whoever ordered.
  await expect
    .poll(async () => (await emailsTo(books.email)).map((email) => email.subject))
    .toEqual([`Your order ${reference}: Monthly plan, R600`]);

  // The editor, in the same workspace on a browser of their own: the team's plan, whom to ask.
  const editorContext = await browser.newContext();
  const other = await editorContext.newPage();
  await logIn(other, editor, { at: '/UserBilling' });
  await other.getByLabel('Workspace').selectOption({ label: `${owner.email}: Editor` });
  await expect(
    other.getByText(`11 days of ${owner.email}'s free trial left`, { exact: false }),
  ).toBeVisible();
  await expect(
    other.getByText(
      `Billing for ${owner.email} is for its owners and billing members: ask one of them.`,
    ),
  ).toBeVisible();
  await expect(other.getByRole('button', { name: /^Order the / })).toHaveCount(0);
  await expect(other.getByText(reference)).toHaveCount(0);
  expect(await seriousViolations(other)).toEqual([]);
  await keepScreenshot(other, 'billing-team-editor-1280', { fullPage: true });
  await other.setViewportSize({ width: 390, height: 844 });
  await keepScreenshot(other, 'billing-team-editor-390', { fullPage: true });
  await other.setViewportSize({ width: 1280, height: 800 });

  // A PDF chosen for a code in the team's workspace goes up as the team's file, not the editor's.
  const path = sampleFile(`team-${test.info().workerIndex}-menu.pdf`, tinyPdf.length, tinyPdf);
  const sha256 = createHash('sha256').update(tinyPdf).digest('hex');
  await chooseType(
    other,
    qrTypes.find((type) => type.id === 'pdf')!,
  );
  await other.getByLabel('PDF file', { exact: true }).setInputFiles(path);
  await expect(other.getByText('Uploaded.', { exact: true })).toBeVisible({ timeout: 20_000 });
  expect(await storedDocument(filePath(owner.uid, sha256))).toMatchObject({
    owner: owner.uid,
    complete: true,
  });
  expect(await storedDocument(filePath(editor.uid, sha256))).toBeNull();
  await editorContext.close();
});
