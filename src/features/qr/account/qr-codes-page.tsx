import { Link } from 'react-router-dom';
import { SavedCodesList } from '../saved/saved-codes-list';
import { accountPages } from './account-area';
import { AccountLayout } from './account-layout';

const page = accountPages.qrCodes;

export default function QrCodesPage() {
  return (
    <AccountLayout heading={page.heading}>
      <div className="account-toolbar">
        <p>{page.text}</p>
        {page.link ? (
          <Link to={page.link.to} className="button button--ghost">
            {page.link.label}
          </Link>
        ) : null}
      </div>
      <SavedCodesList />
    </AccountLayout>
  );
}
