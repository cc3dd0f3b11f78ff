import { QrCode } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { accountPaths } from './account-area';
import { AccountLayout } from './account-layout';

export default function DashboardPage() {
  return (
    <AccountLayout heading="My QR Codes" aside={<UpgradeOffer />}>
      <EmptyState />
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

/** Saved codes arrive with the generator; until then the list is honestly empty. */
function EmptyState() {
  return (
    <section className="panel account-empty" aria-labelledby="account-empty-title">
      <QrCode className="account-empty__icon" aria-hidden="true" size={48} strokeWidth={1.5} />
      <h2 id="account-empty-title">You have no QR codes yet</h2>
      <p>
        Saving codes to your account is not available yet; once it is, the codes you create will be
        listed here. Until then, the code you are designing is kept as a draft on this device.
      </p>
      <Link to={paths.qrType} className="button">
        Create a QR code
      </Link>
    </section>
  );
}
