import { useAuth } from '../../../lib/auth/session';
import { VerifyEmail } from '../saved/verify-email';
import { accountPages } from './account-area';
import { AccountInfoPage } from './account-layout';

export default function AccountPage() {
  return (
    <AccountInfoPage page={accountPages.account}>
      <EmailAddress />
    </AccountInfoPage>
  );
}

/**
 * The account's email address and whether it is verified (the verification email leads here).
 * Dynamic codes need it verified.
 */
function EmailAddress() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <section className="panel account-email" aria-labelledby="account-email-title">
      <h2 id="account-email-title">Email address</h2>
      <p>
        {user.email ?? 'No email address'}:{' '}
        <strong>{user.emailVerified ? 'verified' : 'not verified yet'}</strong>
      </p>
      <VerifyEmail why="Dynamic codes need a verified email address." />
    </section>
  );
}
