import { accountPages } from './account-area';
import { AccountInfoPage } from './account-layout';

export default function FaqPage() {
  return <AccountInfoPage page={accountPages.faq} />;
}
