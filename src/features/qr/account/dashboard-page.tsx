import { useLocation } from 'react-router-dom';
import { StatusMessage } from '../../../lib/ui/field';
import { savedMessage, type SavedNotice } from '../codes/save-to-account';
import { SavedCodesList } from '../codes/saved-codes-list';
import { AccountLayout } from './account-layout';
import { PlanStanding } from './plan-standing';

export default function DashboardPage() {
  return (
    <AccountLayout heading="My QR Codes" aside={<PlanStanding />}>
      <SaveConfirmation />
      <SavedCodesList />
    </AccountLayout>
  );
}

/** After Save to My QR Codes on the demo page: says so above the list. */
function SaveConfirmation() {
  const notice = useLocation().state as SavedNotice | null;
  return <StatusMessage message={notice?.savedName ? savedMessage(notice) : null} />;
}
