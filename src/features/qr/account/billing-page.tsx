import { accountPages } from './account-area';
import { AccountInfoPage } from './account-layout';

export default function BillingPage() {
  return <AccountInfoPage page={accountPages.billing} />;
}
