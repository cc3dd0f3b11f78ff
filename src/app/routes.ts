// The one route table: the router, document titles, canonical links, the sign-in guard, the
// end-to-end tests and the bench all read it. Its paths are src/config/paths.ts's, which links use.
// A screen that a later issue builds has no `load` yet and renders its heading only.
import type { ComponentType } from 'react';
import { paths } from '../config/paths';

export type PageModule = { default: ComponentType };

export interface AppRoute {
  /** Path as the site links it; matching is case-insensitive. */
  readonly path: string;
  /** Exact document title. */
  readonly title: string;
  /** Only a signed-in user sees it; others go to /Login (src/app/require-auth.tsx). */
  readonly requiresAuth: boolean;
  /** Main heading of a screen that has no page module yet. */
  readonly heading?: string;
  readonly load?: () => Promise<PageModule>;
}

/** A route anyone may open. */
const open = (path: string, title: string, load: AppRoute['load']): AppRoute => ({
  path,
  title,
  requiresAuth: false,
  load,
});

/** A route for signed-in users only; without `load` it shows its title as a heading. */
const guarded = (path: string, title: string, load?: AppRoute['load']): AppRoute => ({
  path,
  title,
  requiresAuth: true,
  load,
  heading: load ? undefined : title,
});

export const routes: readonly AppRoute[] = [
  open(
    paths.home,
    'Custom Software, Web & Mobile Development',
    () => import('../features/marketing/home-page'),
  ),
  open(paths.about, 'About Us', () => import('../features/marketing/about-page')),
  open(paths.services, 'Software Solutions', () => import('../features/marketing/services-page')),
  open(paths.contact, 'Contact us', () => import('../features/contact/contact-page')),
  open(paths.privacy, 'Privacy Policy', () => import('../features/marketing/privacy-page')),
  open(paths.terms, 'Terms and Conditions', () => import('../features/marketing/terms-page')),
  open(paths.viewer, 'Links', () => import('../features/viewer/viewer-page')),
  open(paths.customPc, 'Custom PC Builds', () => import('../features/marketing/custom-pc-page')),
  open(paths.login, 'Login', () => import('../features/auth/login-page')),
  open(paths.register, 'Register', () => import('../features/auth/register-page')),
  open(
    paths.forgotPassword,
    'Forgot Password',
    () => import('../features/auth/forgot-password-page'),
  ),
  guarded(paths.profile, 'Profile', () => import('../features/auth/profile-page')),
  guarded(paths.pcDashboard, 'PC Dashboard', () => import('../features/pc/pc-dashboard-page')),
  guarded(paths.qrDashboard, 'QR Dashboard', () => import('../features/qr/account/dashboard-page')),
  guarded(paths.qrPricing, 'QR Pricing', () => import('../features/qr/account/pricing-page')),
  guarded(paths.qrType, 'QR Type', () => import('../features/qr/wizard/type-page')),
  guarded(paths.qrContent, 'QR Content', () => import('../features/qr/wizard/content-page')),
  guarded(paths.qrDesign, 'QR Design', () => import('../features/qr/wizard/design-page')),
  guarded(paths.qrDemo, 'QR Demo', () => import('../features/qr/wizard/demo-page')),
  guarded(paths.users, 'Users', () => import('../features/qr/account/users-page')),
  guarded(paths.qrCodes, 'QR Codes', () => import('../features/qr/account/qr-codes-page')),
  guarded(paths.bulk, 'Codes from a sheet', () => import('../features/qr/account/bulk-page')),
  guarded(paths.billing, 'Billing', () => import('../features/qr/account/billing-page')),
  guarded(paths.analysis, 'Analysis', () => import('../features/qr/account/analysis-page')),
  guarded(paths.account, 'Account', () => import('../features/qr/account/account-page')),
  guarded(paths.faq, "FAQ's", () => import('../features/qr/account/faq-page')),
  guarded(
    paths.history,
    'History of printed codes',
    () => import('../features/qr/account/history-page'),
  ),
  guarded(paths.joinTeam, 'Join a team', () => import('../features/qr/account/join-page')),
  // The company's own staff: a chunk of its own, which the page shows to staff alone (and the
  // desk function checks each request).
  guarded(paths.desk, 'Desk', () => import('../features/desk/desk-page')),
];

export const notFoundRoute: AppRoute = {
  path: '*',
  title: 'Page not found',
  requiresAuth: false,
  load: () => import('../features/marketing/not-found-page'),
};
