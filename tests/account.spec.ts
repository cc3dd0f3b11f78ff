import { expect, type Page } from '@playwright/test';
import { routes } from '../src/app/routes';
import { demoUser } from './support/auth-emulator';
import { seriousViolations } from './support/axe';
import { emailsTo } from './support/mail-catcher';
import { scanSvg } from './support/scan-svg';
import { keepScreenshot } from './support/screenshots';
import { signedInTest as test } from './support/signed-in';

/** The account area's side navigation, in its order, with where each entry leads. */
const navEntries = [
  ['Analysis', '/UserAnalysis'],
  ['My QR Codes', '/UserQRCodes'],
  ['My Account', '/UserAccount'],
  ['Billing', '/UserBilling'],
  ['Users', '/UserUsers'],
  ['Contact Us', '/ContactPage'],
  ["FAQ's", '/UserFAQ'],
] as const;

const accountPages = [
  { path: '/UserAnalysis', heading: 'Analysis', current: 'Analysis' },
  {
    path: '/UserQRCodes',
    heading: 'Your QR Codes',
    current: 'My QR Codes',
    link: { name: 'Create a new QR code', to: '/QR_Type' },
  },
  {
    path: '/UserAccount',
    heading: 'Account',
    current: 'My Account',
    link: { name: 'Open your profile', to: '/Profile' },
  },
  {
    path: '/UserBilling',
    heading: 'Billing',
    current: 'Billing',
    link: { name: 'See the plans', to: '/QR_Pricing' },
  },
  {
    path: '/UserUsers',
    heading: 'Users',
    current: 'Users',
    link: { name: 'See the seats of each plan', to: '/QR_Pricing' },
  },
  {
    path: '/UserFAQ',
    heading: "FAQ's",
    current: "FAQ's",
    link: { name: 'Questions about the plans', to: '/QR_Pricing' },
  },
];

const titleOf = (path: string) => routes.find((route) => route.path === path)!.title;
const accountNav = (page: Page) => page.getByRole('navigation', { name: 'Account' });

async function expectCurrent(page: Page, name: string) {
  const nav = accountNav(page);
  await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
}

test.describe('the QR dashboard', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/QR_Dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'My QR Codes' })).toBeVisible();
    await expect(page).toHaveTitle('QR Dashboard');
  });

  test('a signed-in user finds the account pages, their plan and the way to Billing', async ({
    page,
  }) => {
    const entries = accountNav(page).getByRole('listitem');
    await expect(entries).toHaveText(navEntries.map(([label]) => label));
    for (const [label, to] of navEntries) {
      await expect(
        accountNav(page).getByRole('link', { name: label, exact: true }),
      ).toHaveAttribute('href', to);
    }
    await expectCurrent(page, 'Dashboard');

    // The demo account is paid up (emulator-seed/firestore-seed.json); a trial's count of days:
    // tests/billing.spec.ts.
    const plan = page.getByRole('region', { name: 'Your plan' });
    await expect(plan).toContainText('Annually plan, paid until 31 December 2099.');
    await plan.getByRole('link', { name: 'Billing' }).click();
    await expect(page).toHaveURL(/\/UserBilling$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
    await expectCurrent(page, 'Billing');

    await accountNav(page).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/QR_Dashboard$/);
  });

  test('the dashboard lists the saved codes, each with its picture and type', async ({ page }) => {
    const saved = page.getByRole('region', { name: /^Saved codes \(\d+\)$/ });
    // The demo user's two seeded codes (emulator-seed/firestore-seed.json); other tests may add more.
    const shop = saved.getByRole('listitem', { name: 'Shop window' });
    await expect(shop).toContainText('Website');
    await expect(shop).toContainText('Saved 18 Nov 2026');
    // Its picture, drawn on the device from the saved design, is the real code.
    await expect
      .poll(() => scanSvg(shop.getByRole('img', { name: 'QR code Shop window' })))
      .toBe('https://kemptoncodeworks.co.za/');
    await expect(saved.getByRole('listitem', { name: 'Guest WiFi' })).toContainText('WiFi');
  });
});

// One story through every account page (a browser context and a first load are most of what a
// test costs), each page a step of its own in the report.
test('each account page shows the account navigation with its entry marked, and its heading', async ({
  page,
}) => {
  test.slow(); // seven pages, each loaded afresh
  for (const { path, heading, current, link } of accountPages) {
    await test.step(`${path}: ${current} marked`, async () => {
      await page.goto(path);
      await expect(
        page.getByRole('heading', { level: 1, name: heading, exact: true }),
      ).toBeVisible();
      await expect(page).toHaveTitle(titleOf(path));
      await expect(accountNav(page).getByRole('listitem')).toHaveCount(navEntries.length);
      await expectCurrent(page, current);
      if (link) {
        await page.getByRole('main').getByRole('link', { name: link.name }).click();
        await expect(page).toHaveURL(new RegExp(`${link.to}$`));
      }
    });
  }
});

test.describe('at phone width @phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the account menu folds away and opens on demand', async ({ page }) => {
    await page.goto('/UserBilling');
    const heading = page.getByRole('heading', { level: 1, name: 'Billing' });
    await expect(heading).toBeVisible();
    const toggle = accountNav(page).getByRole('button', { name: 'Account menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(accountNav(page).getByRole('link', { name: 'Analysis' })).toBeHidden();
    // Folded, the menu leaves the page its screen: the heading sits near the top.
    expect((await heading.boundingBox())!.y).toBeLessThan(844 / 2);

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(accountNav(page).getByRole('listitem')).toHaveCount(navEntries.length);
    await expectCurrent(page, 'Billing');

    await accountNav(page).getByRole('link', { name: 'Analysis' }).click();
    await expect(page).toHaveURL(/\/UserAnalysis$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Analysis' })).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(accountNav(page).getByRole('link', { name: 'Analysis' })).toBeHidden();

    await toggle.press('Enter');
    await expect(accountNav(page).getByRole('link', { name: 'Analysis' })).toBeVisible();
    await toggle.press('Space');
    await expect(accountNav(page).getByRole('link', { name: 'Analysis' })).toBeHidden();
  });
});

test('on a wide screen the account navigation is always open', async ({ page }) => {
  await page.goto('/UserUsers');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(accountNav(page).getByRole('button', { name: 'Account menu' })).toBeHidden();
  for (const [label] of navEntries) {
    await expect(accountNav(page).getByRole('link', { name: label, exact: true })).toBeVisible();
  }
});

test.describe('the pricing page', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/QR_Pricing');
    await expect(page.getByRole('heading', { level: 1, name: 'QR Pricing' })).toBeVisible();
    await expect(page).toHaveTitle('QR Pricing');
  });

  test('shows the three plans, their billing and what paying ahead saves', async ({ page }) => {
    const plans = [
      {
        name: 'Monthly',
        texts: ['R600 per month', 'Billed every month', 'Full price, month to month'],
      },
      {
        name: '6 Months',
        texts: [
          'R450 per month',
          'Billed every 6 months: R2 700 per payment',
          'Save R900 every 6 months (25%) compared with paying monthly',
        ],
      },
      {
        name: 'Annually',
        texts: [
          'R250 per month',
          'Billed every year: R3 000 per payment',
          'Save R4 200 every year (58%) compared with paying monthly',
        ],
      },
    ];
    for (const { name, texts } of plans) {
      const plan = page.getByRole('region', { name, exact: true });
      for (const text of texts) await expect(plan).toContainText(text);
      await expect(
        plan.getByRole('list', { name: `${name} includes` }).getByRole('listitem'),
      ).not.toHaveCount(0);
    }
  });

  test('the FAQ opens one question at a time by mouse', async ({ page }) => {
    const questions = page
      .getByRole('region', { name: 'Questions about the plans' })
      .getByRole('button');
    await expect(questions).toHaveCount(4);
    for (const question of await questions.all()) {
      await expect(question).toHaveAttribute('aria-expanded', 'false');
    }
    const [first, second] = [questions.nth(0), questions.nth(1)];
    const answerOf = async (question: typeof first) =>
      page.getByRole('region', { name: (await question.textContent())!, exact: true });

    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    const firstAnswer = await answerOf(first);
    await expect(firstAnswer).toBeVisible();
    await expect(firstAnswer).toHaveAttribute('id', (await first.getAttribute('aria-controls'))!);

    await second.click();
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(firstAnswer).toBeHidden();
    await expect(await answerOf(second)).toContainText('R4 200');

    await second.click();
    await expect(second).toHaveAttribute('aria-expanded', 'false');
    await expect(await answerOf(second)).toBeHidden();
  });

  test('the FAQ works from the keyboard', async ({ page }) => {
    const faq = page.getByRole('region', { name: 'Questions about the plans' });
    const first = faq.getByRole('button', { name: 'How do I pay?' });
    const second = faq.getByRole('button', { name: 'How much do the longer plans save?' });

    await first.focus();
    await page.keyboard.press('Enter');
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    // The open answer's link comes next in the tab order, then the next question.
    await page.keyboard.press('Tab');
    await expect(faq.getByRole('link', { name: 'Go to Billing' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(second).toBeFocused();

    await page.keyboard.press('Space');
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    await expect(second).toHaveAttribute('aria-expanded', 'false');
  });
});

test("the FAQ's page answers by topic, with the product's own limits", async ({ page }) => {
  await page.goto('/UserFAQ');
  for (const topic of [
    'Your codes',
    'Dynamic codes and short links',
    'Files',
    'Plans and payment',
    'Your data',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: topic })).toBeVisible();
  }
  const links = page.getByRole('region', { name: 'Dynamic codes and short links' });
  const question = links.getByRole('button', { name: 'How many dynamic codes can I have?' });
  await question.click();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await expect(
    links.getByRole('region', { name: 'How many dynamic codes can I have?' }),
  ).toContainText(
    'With a plan, up to 5\u00a0000 at once, 1\u00a0000 new ones a day (a whole sheet of bulk codes), and 1\u00a0000 changes of where they lead a day; during the free trial 100, 20 and 50.',
  );
  const files = page.getByRole('region', { name: 'Files', exact: true });
  await files.getByRole('button', { name: 'How large may my files be?' }).click();
  await expect(files).toContainText('a video up to 200 MB; 1 GB in all per account');
});

// The Users page of a workspace's owner (the demo account, paid up: seats to spare). The team
// function's rules are tested in tests/functions/team.test.ts; here, the page that offers them.
test('an owner invites a colleague by email and makes an invite link on the Users page, then withdraws the invite', async ({
  page,
}, testInfo) => {
  await page.goto('/UserUsers');
  const people = page.getByRole('region', { name: 'People' });
  await expect(people.getByRole('row', { name: /Owner, account holder/ })).toContainText('(you)');
  const roles = page.getByRole('region', { name: 'What each role may do' });
  await expect(roles.getByRole('term')).toHaveText([
    'Owner',
    'Admin',
    'Editor',
    'Viewer',
    'Billing',
  ]);

  const invite = page.getByRole('region', { name: 'Invite someone' });
  // Nothing typed: said in the page, nothing sent.
  await invite.getByRole('button', { name: 'Send invite' }).click();
  await expect(invite.getByLabel('Email address')).toHaveAccessibleDescription(
    /Enter the email address of the person to invite/,
  );
  const email = `colleague-${testInfo.project.name}-${Date.now()}@kcw.example`;
  await invite.getByLabel('Email address').fill(email);
  await invite.getByLabel('Role', { exact: true }).selectOption('editor');
  await invite.getByRole('button', { name: 'Send invite' }).click();
  // The team function's first request starts its worker in the Functions emulator, as billing's
  // first order does (tests/billing.spec.ts): seconds on a busy machine.
  await expect(page.getByRole('status').filter({ hasText: 'Invite sent' })).toHaveText(
    `Invite sent to ${email}.`,
    { timeout: 20_000 },
  );
  await expect(invite.getByLabel('Email address')).toHaveValue('');
  // The email carries the link to the join page, with its token after #.
  await expect.poll(async () => (await emailsTo(email)).length).toBe(1);
  const [mail] = await emailsTo(email);
  expect(mail.subject).toBe(`${demoUser.email} invited you to their QR codes`);
  expect(mail.text).toMatch(/\/JoinTeam#[A-Za-z0-9_-]{43}/);

  const pending = page.getByRole('region', { name: 'Pending invites' });
  await expect(pending.getByRole('listitem').filter({ hasText: email })).toContainText('Editor');

  await invite.getByLabel('Role', { exact: true }).selectOption('viewer');
  await invite.getByRole('button', { name: 'Make an invite link instead' }).click();
  await expect(invite.getByLabel(/^Invite link/)).toHaveValue(/\/JoinTeam#[A-Za-z0-9_-]{43}$/);
  await expect(pending.getByRole('listitem').filter({ hasText: 'Invite link' })).toContainText(
    'Viewer',
  );
  expect(await seriousViolations(page)).toEqual([]);
  await keepScreenshot(page, `users-${testInfo.project.name}`, { fullPage: true });

  await pending.getByRole('button', { name: `Withdraw the invite ${email}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'withdrawn' })).toHaveText(
    'The invite was withdrawn.',
  );
  await expect(pending.getByRole('listitem').filter({ hasText: email })).toHaveCount(0);

  // The owner's own link, opened by the owner, is refused in words.
  const link = await invite.getByLabel(/^Invite link/).inputValue();
  await page.goto(new URL(link).pathname + new URL(link).hash);
  await page.getByRole('button', { name: 'Join the team' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'This is your own workspace: you are its owner already.',
  );
  await keepScreenshot(page, `join-${testInfo.project.name}`, { fullPage: true });
});
