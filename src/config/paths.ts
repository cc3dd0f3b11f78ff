// Every path of the site, once: the route table (src/app/routes.ts) maps each to its page, and
// links, redirects and the account navigation use these names. Matching is case-insensitive, so
// /CustomPC, a spelling in use, opens the custom PC page too; the site itself spells it /custompc
// in its links and its canonical.
import { HISTORY_PAGE_PATH } from '../domain/history-path';
import { VIEWER_PATH } from '../domain/qr/viewer-path';
import { JOIN_PATH } from '../domain/join-path';

export const paths = {
  home: '/',
  about: '/AboutPage',
  services: '/ServicesPage',
  contact: '/ContactPage',
  privacy: '/PrivacyPolicy',
  terms: '/TnC',
  customPc: '/custompc',
  /** The public viewer of link-list and apps codes (`/v#<content>`). */
  viewer: VIEWER_PATH,
  login: '/Login',
  register: '/Register',
  forgotPassword: '/ForgotPassword',
  profile: '/Profile',
  pcDashboard: '/PC_Dashboard',
  qrDashboard: '/QR_Dashboard',
  qrPricing: '/QR_Pricing',
  qrType: '/QR_Type',
  qrContent: '/QR_Content',
  qrDesign: '/QR_Design',
  qrDemo: '/QR_Demo',
  users: '/UserUsers',
  qrCodes: '/UserQRCodes',
  billing: '/UserBilling',
  analysis: '/UserAnalysis',
  account: '/UserAccount',
  faq: '/UserFAQ',
  /** Many codes from a sheet. */
  bulk: '/UserBulk',
  /** The history of printed codes (filtered by `?code=&by=`: history-path.ts). */
  history: HISTORY_PAGE_PATH,
  /** Where an invite to a team leads (its token after `#`). */
  joinTeam: JOIN_PATH,
  /** The company's desk, for its staff alone. */
  desk: '/Desk',
} as const;
