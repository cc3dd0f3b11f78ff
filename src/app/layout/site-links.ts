// What the navbar and footer link to, described once; paths come from src/config/paths.
import { company } from '../../config/company';
import { paths } from '../../config/paths';

export interface SiteLink {
  readonly label: string;
  readonly to: string;
}

export interface NavItem extends SiteLink {
  readonly children?: readonly SiteLink[];
  /** Highlight rule when it is wider than "this exact path". */
  readonly activeFor?: (pathname: string) => boolean;
}

const serviceLinks: readonly SiteLink[] = [
  { label: 'Software Solutions', to: paths.services },
  { label: 'Custom PC Services', to: paths.customPc },
];

export const navItems: readonly NavItem[] = [
  { label: 'Home', to: paths.home },
  { label: 'About', to: paths.about },
  {
    label: 'Services',
    to: paths.services,
    children: serviceLinks,
    activeFor: (pathname) => {
      const path = pathname.toLowerCase();
      return path === paths.services.toLowerCase() || path.startsWith(paths.customPc);
    },
  },
  { label: 'Contact', to: paths.contact },
];

/**
 * The way into the QR service and the account, at the end of the navbar: to sign in, or, for a
 * tab that is signed in, to My QR Codes.
 */
export const accountLink = (signedIn: boolean): SiteLink =>
  signedIn
    ? { label: 'My QR Codes', to: paths.qrDashboard }
    : { label: 'Sign in', to: paths.login };

export interface FooterBlock {
  readonly title: string;
  readonly links?: readonly SiteLink[];
  readonly mail?: { readonly label: string; readonly address: string };
  readonly text?: string;
}

export const footerBlocks: readonly FooterBlock[] = [
  { title: 'Services', links: serviceLinks },
  {
    title: 'Documents',
    links: [
      { label: 'Privacy Policy', to: paths.privacy },
      { label: 'Terms and Conditions', to: paths.terms },
    ],
  },
  {
    title: 'Contact',
    links: [{ label: 'Contact us', to: paths.contact }],
    mail: { label: 'Or send us a mail', address: company.email },
  },
  { title: 'Location', text: company.location },
];
