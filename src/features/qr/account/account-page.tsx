import { useAuth } from '../../../lib/auth/session';
import { FormAlert } from '../../../lib/ui/field';
import { accountPages } from './account-area';
import { AccountInfoPage } from './account-layout';
import { AccountSettings } from './account-settings';
import { useSignInMethods } from './account-settings-methods';
import { DataRights } from './data-rights';

export default function AccountPage() {
  return (
    <AccountInfoPage page={accountPages.account}>
      <AccountContents />
    </AccountInfoPage>
  );
}

/** The settings and the data rights, once it is known how the account signs in. */
function AccountContents() {
  const { user } = useAuth();
  const methods = useSignInMethods();
  if (!user) return null;
  if (methods === 'failed') {
    return (
      <FormAlert>
        Your settings could not be loaded. Check your connection, then reload the page.
      </FormAlert>
    );
  }
  if (!methods) return <p role="status">Loading your settings…</p>;
  return (
    <div className="account-settings">
      <AccountSettings user={user} methods={methods} />
      <DataRights user={user} methods={methods} />
    </div>
  );
}
