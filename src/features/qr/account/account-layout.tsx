import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { AccountNav } from './account-nav';
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
        <header className="account__header">
          <h1>{heading}</h1>
          {aside}
        </header>
        {children}
      </div>
    </div>
  );
}

/** An account page whose contents arrive later: its heading, what will come, and a way on. */
export function AccountInfoPage({ page }: { page: AccountPageInfo }) {
  return (
    <AccountLayout heading={page.heading}>
      <div className="panel account-note">
        <p>{page.text}</p>
        {page.link ? (
          <Link to={page.link.to} className="button button--ghost">
            {page.link.label}
          </Link>
        ) : null}
      </div>
    </AccountLayout>
  );
}
