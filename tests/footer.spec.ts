import { expect, test } from '@playwright/test';

test('the footer has its four blocks, the mail link, the location and the copyright @phone', async ({
  page,
}) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  for (const block of ['Services', 'Documents', 'Contact', 'Location']) {
    await expect(footer.getByRole('heading', { name: block, exact: true })).toBeVisible();
  }
  await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
    'href',
    '/PrivacyPolicy',
  );
  await expect(footer.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute(
    'href',
    '/TnC',
  );
  await expect(footer.getByRole('link', { name: 'Software Solutions' })).toHaveAttribute(
    'href',
    '/ServicesPage',
  );
  await expect(footer.getByRole('link', { name: 'Custom PC Services' })).toHaveAttribute(
    'href',
    '/custompc',
  );
  await expect(footer.getByRole('link', { name: /contact/i })).toHaveAttribute(
    'href',
    '/ContactPage',
  );
  await expect(footer.getByRole('link', { name: 'Or send us a mail' })).toHaveAttribute(
    'href',
    /^mailto:[^@\s]+@[^@\s]+\.[a-z]+$/,
  );
  await expect(footer.getByText('Kempton Park, South Africa')).toBeVisible();
  const year = new Date().getFullYear();
  await expect(footer.getByText(new RegExp(`^All rights reserved\\. .+ © ${year}$`))).toBeVisible();
});
