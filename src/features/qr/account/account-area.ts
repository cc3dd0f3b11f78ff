import {
  ChartColumn,
  CircleQuestionMark,
  CreditCard,
  LayoutDashboard,
  Mail,
  QrCode,
  UserRound,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { paths } from '../../../config/paths';

/** The account area's paths, by the names its pages use. */
export const accountPaths = {
  dashboard: paths.qrDashboard,
  pricing: paths.qrPricing,
  analysis: paths.analysis,
  qrCodes: paths.qrCodes,
  account: paths.account,
  billing: paths.billing,
  users: paths.users,
  faq: paths.faq,
  history: paths.history,
  bulk: paths.bulk,
} as const;

export interface AccountLink {
  readonly label: string;
  readonly to: string;
  readonly icon: LucideIcon;
}

/** The way back to the dashboard, above the side navigation's entries. */
export const dashboardLink: AccountLink = {
  label: 'Dashboard',
  to: accountPaths.dashboard,
  icon: LayoutDashboard,
};

/** The side navigation of the dashboard and the account pages, in its order (tests/account.spec.ts). */
export const accountNav: readonly AccountLink[] = [
  { label: 'Analysis', to: accountPaths.analysis, icon: ChartColumn },
  { label: 'My QR Codes', to: accountPaths.qrCodes, icon: QrCode },
  { label: 'My Account', to: accountPaths.account, icon: UserRound },
  { label: 'Billing', to: accountPaths.billing, icon: CreditCard },
  { label: 'Users', to: accountPaths.users, icon: Users },
  { label: 'Contact Us', to: paths.contact, icon: Mail },
  { label: "FAQ's", to: accountPaths.faq, icon: CircleQuestionMark },
];

export interface AccountPageInfo {
  readonly heading: string;
  /** What this page will hold, said plainly: none of it exists yet. */
  readonly text: string;
  readonly link?: { readonly label: string; readonly to: string };
  /** A second way on, beside the first. */
  readonly also?: { readonly label: string; readonly to: string };
}

/** The account pages: each a heading, one honest sentence and, where it helps, a link. */
export const accountPages = {
  users: {
    heading: 'Users',
    text: 'The people who work on these codes and what each of them may do. Owners and admins invite colleagues, choose their roles and remove them.',
    link: { label: 'See the seats of each plan', to: paths.qrPricing },
  },
  qrCodes: {
    heading: 'Your QR Codes',
    text: 'Every code you save to your account, newest change first, with its picture drawn on this device.',
    link: { label: 'Create a new QR code', to: paths.qrType },
    also: { label: 'Make many from a sheet', to: paths.bulk },
  },
  analysis: {
    heading: 'Analysis',
    text: 'How often your dynamic codes are scanned: every day of the last 30 days, and each code in all. (Where they are scanned is not recorded.)',
  },
  account: {
    heading: 'Account',
    text: 'Your name, email address and password, the devices signed in to your account, and your data: a copy of it, or its deletion. Your user ID is on your profile.',
    link: { label: 'Open your profile', to: paths.profile },
  },
  history: {
    heading: 'History of printed codes',
    text: 'Every change of where your dynamic codes lead, of their passwords, dates and scan limits, and every code retired or restored: who made it, when, and what it led to before. Nobody can edit or delete it.',
    link: { label: 'The people and their roles', to: accountPaths.users },
  },
  bulk: {
    heading: 'Codes from a sheet',
    text: 'Many codes at once: a row of a spreadsheet for each, checked before anything is made. Upload the sheet again later to change them.',
    link: { label: 'Your QR Codes', to: accountPaths.qrCodes },
  },
  faq: {
    heading: "FAQ's",
    text: 'Answers to common questions about your codes, short links, files, plans and your data. Something else? Ask us through the contact form.',
    link: { label: 'Questions about the plans', to: accountPaths.pricing },
  },
} as const satisfies Record<string, AccountPageInfo>;
