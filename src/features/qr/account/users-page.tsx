import { accountPages } from './account-area';
import { AccountInfoPage } from './account-layout';

export default function UsersPage() {
  return <AccountInfoPage page={accountPages.users} />;
}
