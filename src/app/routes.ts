// The one route table: the router, document titles, canonical links, the sign-in guard, the
// end-to-end tests and the bench all read it (the navbar and footer link to src/config/paths).
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

const guarded = (path: string, title: string, heading = title): AppRoute => ({
  path,
  title,
  heading,
  requiresAuth: true,
});

export const routes: readonly AppRoute[] = [
  {
    path: paths.home,
    title: 'Custom Software, Web & Mobile Development',
    requiresAuth: false,
    load: () => import('../features/marketing/home-page'),
  },
  {
    path: paths.about,
    title: 'About Us',
    requiresAuth: false,
    load: () => import('../features/marketing/about-page'),
  },
  {
    path: paths.services,
    title: 'Software Solutions',
    requiresAuth: false,
    load: () => import('../features/marketing/services-page'),
  },
  {
    path: paths.contact,
    title: 'Contact us',
    requiresAuth: false,
    load: () => import('../features/contact/contact-page'),
  },
  {
    path: paths.privacy,
    title: 'Privacy Policy',
    requiresAuth: false,
    load: () => import('../features/marketing/privacy-page'),
  },
  {
    path: paths.terms,
    title: 'Terms and Conditions',
    requiresAuth: false,
    load: () => import('../features/marketing/terms-page'),
  },
  {
    path: '/CustomPC',
    title: 'Custom PC Builds',
    requiresAuth: false,
    load: () => import('../features/marketing/custom-pc-page'),
  },
  {
    path: paths.login,
    title: 'Login',
    requiresAuth: false,
    load: () => import('../features/auth/login-page'),
  },
  {
    path: paths.register,
    title: 'Register',
    requiresAuth: false,
    load: () => import('../features/auth/register-page'),
  },
  {
    path: paths.forgotPassword,
    title: 'Forgot Password',
    requiresAuth: false,
    load: () => import('../features/auth/forgot-password-page'),
  },
  {
    path: paths.profile,
    title: 'Profile',
    requiresAuth: true,
    load: () => import('../features/auth/profile-page'),
  },
  guarded('/PC_Dashboard', 'PC Dashboard'),
  {
    path: '/QR_Dashboard',
    title: 'QR Dashboard',
    requiresAuth: true,
    load: () => import('../features/qr/account/dashboard-page'),
  },
  {
    path: '/QR_Pricing',
    title: 'QR Pricing',
    requiresAuth: true,
    load: () => import('../features/qr/account/pricing-page'),
  },
  {
    path: paths.qrType,
    title: 'QR Type',
    requiresAuth: true,
    load: () => import('../features/qr/wizard/type-page'),
  },
  {
    path: paths.qrContent,
    title: 'QR Content',
    requiresAuth: true,
    load: () => import('../features/qr/wizard/content-page'),
  },
  {
    path: paths.qrDesign,
    title: 'QR Design',
    requiresAuth: true,
    load: () => import('../features/qr/wizard/design-page'),
  },
  {
    path: paths.qrDemo,
    title: 'QR Demo',
    requiresAuth: true,
    load: () => import('../features/qr/demo-page'),
  },
  {
    path: '/UserUsers',
    title: 'Users',
    requiresAuth: true,
    load: () => import('../features/qr/account/users-page'),
  },
  {
    path: '/UserQRCodes',
    title: 'QR Codes',
    requiresAuth: true,
    load: () => import('../features/qr/account/qr-codes-page'),
  },
  {
    path: '/UserBilling',
    title: 'Billing',
    requiresAuth: true,
    load: () => import('../features/qr/account/billing-page'),
  },
  {
    path: '/UserAnalysis',
    title: 'Analysis',
    requiresAuth: true,
    load: () => import('../features/qr/account/analysis-page'),
  },
  {
    path: '/UserAccount',
    title: 'Account',
    requiresAuth: true,
    load: () => import('../features/qr/account/account-page'),
  },
  {
    path: '/UserFAQ',
    title: "FAQ's",
    requiresAuth: true,
    load: () => import('../features/qr/account/faq-page'),
  },
];

export const notFoundRoute: AppRoute = {
  path: '*',
  title: 'Page not found',
  requiresAuth: false,
  load: () => import('../features/marketing/not-found-page'),
};
