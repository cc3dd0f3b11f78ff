import { accountPages } from './account-area';
import { AccountInfoPage } from './account-layout';

export default function AccountPage() {
  return <AccountInfoPage page={accountPages.account} />;
}
