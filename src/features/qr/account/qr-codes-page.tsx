import { SavedCodesList } from '../codes/saved-codes-list';
import { accountPages } from './account-area';
import { AccountInfoPage } from './account-layout';

export default function QrCodesPage() {
  return (
    <AccountInfoPage page={accountPages.qrCodes}>
      <SavedCodesList />
    </AccountInfoPage>
  );
}
