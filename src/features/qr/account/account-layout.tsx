import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { AccountNav } from './account-nav';
import { WorkspaceSwitcher } from './workspace-switcher';
import type { AccountPageInfo } from './account-area';
import './account.css';

/** The frame of the dashboard and the account pages: the side navigation beside the page. */
export function AccountLayout({
  heading,
  aside,
  children,
}: {
  heading: string;
  /** Shown beside the heading, such as the dashboard's Upgrade offer. */
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="page account">
      <AccountNav />
      <div className="account__main">
        <WorkspaceSwitcher />
        <header className="account__header">
          <h1>{heading}</h1>
          {aside}
        </header>
        {children}
      </div>
    </div>
  );
}

/**
 * An account page: its heading, what it holds (or will hold, when its contents arrive later) and
 * a way on; `children` are its contents, under that line.
 */
export function AccountInfoPage({
  page,
  children,
}: {
  page: AccountPageInfo;
  children?: ReactNode;
}) {
  return (
    <AccountLayout heading={page.heading}>
      <div className={children ? 'account-toolbar' : 'panel account-note'}>
        <p>{page.text}</p>
        {[page.link, page.also].map((link) =>
          link ? (
            <Link key={link.to} to={link.to} className="button button--ghost">
              {link.label}
            </Link>
          ) : null,
        )}
      </div>
      {children}
    </AccountLayout>
  );
}
