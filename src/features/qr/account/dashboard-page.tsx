import { Link, useLocation } from 'react-router-dom';
import { StatusMessage } from '../../../lib/ui/field';
import { savedMessage, type SavedNotice } from '../saved/save-to-account';
import { SavedCodesList } from '../saved/saved-codes-list';
import { accountPaths } from './account-area';
import { AccountLayout } from './account-layout';

export default function DashboardPage() {
  return (
    <AccountLayout heading="My QR Codes" aside={<UpgradeOffer />}>
      <SaveConfirmation />
      <SavedCodesList />
    </AccountLayout>
  );
}

function UpgradeOffer() {
  return (
    <div className="account-upgrade">
      {/* The specification's wording and spelling. */}
      <p>Few days remaing.</p>
      <Link to={accountPaths.billing} className="button">
        Upgrade
      </Link>
    </div>
  );
}

/** After Save to My QR Codes on the demo page: says so above the list. */
function SaveConfirmation() {
  const notice = useLocation().state as SavedNotice | null;
  return <StatusMessage message={notice?.savedName ? savedMessage(notice) : null} />;
}
