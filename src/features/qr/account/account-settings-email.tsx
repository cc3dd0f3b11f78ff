// The account's email address: whether it is verified (the verification email leads here, and
// dynamic codes need it verified), and a change of address, which Firebase makes only once the
// new address has proved it is the owner's: the link it receives changes it.
import { emailForm, newEmailRule } from '../../../domain/account-forms';
import type { SignInMethod } from '../../../lib/auth/account-core';
import { accountCore, type SessionUser } from '../../../lib/auth/session';
import { VerifyEmail } from '../links/verify-email';
import { SettingsForm } from './account-settings-form';
import { formFor, proofOf } from './account-settings-methods';

function AddressNow({ user }: { user: SessionUser }) {
  return (
    <>
      <p>
        {user.email ?? 'No email address'}:{' '}
        <strong>{user.emailVerified ? 'verified' : 'not verified yet'}</strong>
      </p>
      <VerifyEmail why="Dynamic codes need a verified email address." />
    </>
  );
}

export function EmailSetting({
  user,
  methods,
}: {
  user: SessionUser;
  methods: readonly SignInMethod[];
}) {
  if (!methods.includes('password')) {
    return (
      <section className="panel account-setting" aria-labelledby="account-email-title">
        <h2 id="account-email-title">Email address</h2>
        <AddressNow user={user} />
        <p>Your address is your Google account’s: it changes with it.</p>
      </section>
    );
  }
  return (
    <SettingsForm
      title="Email address"
      spec={formFor(emailForm, methods)}
      initial={{ email: '', currentPassword: '' }}
      rule={newEmailRule(user.email)}
      submit={{ label: 'Change email address', busy: 'Sending the link…' }}
      fallback="The link to change your address could not be sent. Please try again."
      onSubmit={async ({ email, currentPassword }) => {
        await (await accountCore()).changeEmail(email, proofOf(methods, currentPassword));
        return (
          `We sent a link to ${email}. Your address changes to it once you open that link; ` +
          `until then you sign in with ${user.email ?? 'your current address'}. Once it has ` +
          'changed, sign in again with the new address.'
        );
      }}
    >
      <AddressNow user={user} />
    </SettingsForm>
  );
}
