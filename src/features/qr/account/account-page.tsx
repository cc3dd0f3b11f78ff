import { useAuth } from '../../../lib/auth/session';
import { mayInCurrent, useWorkspace } from '../../../lib/workspace/workspace';
import { FormAlert } from '../../../lib/ui/field';
import { accountPages } from './account-area';
import { AccountInfoPage } from './account-layout';
import { AccountSettings } from './account-settings';
import { useSignInMethods } from './account-settings-methods';
import { DataRights } from './data-rights';
import { NoticeChoicePanel } from './notice-choice-panel';

export default function AccountPage() {
  return (
    <AccountInfoPage page={accountPages.account}>
      <AccountContents />
    </AccountInfoPage>
  );
}

/**
 * The settings, the emails one asked for in the workspace one works in, and the data rights, once
 * it is known how the account signs in.
 */
function AccountContents() {
  const { user } = useAuth();
  const { current } = useWorkspace();
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
      {/* The emails of the workspace one works in, for the roles they tell of (as on History). */}
      {current && mayInCurrent(current, 'history.read') ? (
        <NoticeChoicePanel
          workspace={current.id}
          uid={user.uid}
          email={current.member?.email ?? user.email ?? null}
        />
      ) : null}
      <DataRights user={user} methods={methods} />
    </div>
  );
}
