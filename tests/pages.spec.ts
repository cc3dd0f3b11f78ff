import { expect, test } from '@playwright/test';

test('home shows the hero, the vision and six mission tiles', async ({ page }) => {
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Empowering Innovation' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Our vision' })).toBeVisible();
  const mission = page.getByRole('region', { name: 'Our mission' });
  await expect(mission.getByRole('listitem')).toHaveCount(6);
  for (const topic of [
    'Multi-stack expertise',
    'Web and mobile excellence',
    'Innovation and efficiency',
    'Client-focused approach',
    'Continuous learning',
    'End-to-end support',
  ]) {
    await expect(mission.getByRole('heading', { name: topic })).toBeVisible();
  }
});

test('about lists the six core values and three team statements', async ({ page }) => {
  await page.goto('/AboutPage');
  const values = page.getByRole('region', { name: 'Our core values' });
  for (const value of [
    'Innovation',
    'Transparency',
    'Quality',
    'Client-Centered Approach',
    'Continuous Learning & Growth',
    'End-to-End Development Support',
  ]) {
    await expect(values.getByRole('heading', { name: value, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'Our team' }).getByRole('listitem')).toHaveCount(3);
});

test('software solutions shows six services and a call to action to the contact page', async ({
  page,
}) => {
  await page.goto('/ServicesPage');
  const services = page.getByRole('region', { name: 'Our services' });
  for (const service of [
    'Custom web development',
    'Mobile app development',
    'Cloud and DevOps',
    'UI/UX design',
    'API integration',
    'Ongoing maintenance and support',
  ]) {
    await expect(services.getByRole('heading', { name: service })).toBeVisible();
  }
  await expect(
    page.getByText('Ready to Build Something Great? Get a free consultation today!'),
  ).toBeVisible();
  await page.getByRole('link', { name: "Let's Build!" }).click();
  await expect(page).toHaveURL(/\/ContactPage$/);
  await expect(page.getByRole('heading', { name: 'Get in touch' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Contact Form' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('custom PC builds shows six services, a call to action and asks for a build number', async ({
  page,
}) => {
  await page.goto('/custompc');
  const services = page.getByRole('region', { name: 'Our PC services' });
  for (const service of [
    'Custom PC builds',
    'Professional assembly',
    'Software installation',
    'Data services',
    'Workstation setup',
    'Warranty and support',
  ]) {
    await expect(services.getByRole('heading', { name: service })).toBeVisible();
  }
  await expect(page.getByText(/quote its build number in the contact form/i)).toBeVisible();
  await expect(page.getByRole('link', { name: "Let's Build!" })).toHaveAttribute(
    'href',
    '/ContactPage',
  );
});

test('the policy pages say their details are coming', async ({ page }) => {
  for (const [path, heading] of [
    ['/PrivacyPolicy', 'Privacy Policy'],
    ['/TnC', 'Terms and Conditions'],
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText(/details will be published here soon/)).toBeVisible();
  }
});

test("every Let's Build! button leads to the contact page", async ({ page }) => {
  for (const path of ['/', '/AboutPage', '/ServicesPage', '/CustomPC']) {
    await page.goto(path);
    const buttons = page.getByRole('link', { name: "Let's Build!" });
    await expect(buttons.first()).toBeVisible();
    for (const button of await buttons.all()) {
      await expect(button).toHaveAttribute('href', '/ContactPage');
    }
  }
});
