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

const myCodesLink: SiteLink = { label: 'My QR Codes', to: paths.qrDashboard };
const signInLink: SiteLink = { label: 'Sign in', to: paths.login };

/**
 * The way into the QR service and the account, at the end of the navbar: to sign in, or, for a
 * tab that is signed in, to My QR Codes.
 */
export const accountLink = (signedIn: boolean): SiteLink => (signedIn ? myCodesLink : signInLink);

/**
 * The same ways in, in the footer, where a visitor who scrolls to the bottom looks for them (on
 * a phone the navbar's are behind its menu): the QR service, which asks a visitor to sign in
 * first and then opens, and signing in; for a signed-in tab, My QR Codes and the profile, where
 * one signs out.
 */
const qrLinks = (signedIn: boolean): readonly SiteLink[] =>
  signedIn
    ? [myCodesLink, { label: 'Profile and sign out', to: paths.profile }]
    : [{ label: 'QR code generator', to: paths.qrDashboard }, signInLink];

export interface FooterBlock {
  readonly title: string;
  readonly links?: readonly SiteLink[];
  readonly mail?: { readonly label: string; readonly address: string };
  readonly text?: string;
}

/** The footer's blocks, for a tab that is signed in or not (as the navbar's account link). */
export const footerBlocks = (signedIn: boolean): readonly FooterBlock[] => [
  { title: 'Services', links: serviceLinks },
  { title: 'QR codes', links: qrLinks(signedIn) },
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
