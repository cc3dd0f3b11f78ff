// The account's settings on /UserAccount: its name, email address, password and the devices
// signed in to it. An account that signs in with Google only has no password here: it proves who
// it is in Google's window instead, and its address and password are Google's to change.
import {
  AccountRefusal,
  nameForm,
  newPasswordRule,
  passwordForm,
  sessionsForm,
} from '../../../domain/account-forms';
import type { SignInMethod } from '../../../lib/auth/account-core';
import { accountCore, changeDisplayName, type SessionUser } from '../../../lib/auth/session';
import { EmailSetting } from './account-settings-email';
import { SettingsForm } from './account-settings-form';
import { formFor, proofOf } from './account-settings-methods';
import './account-settings.css';

const GOOGLE_ONLY =
  'You sign in with Google, so your account has no password here: Google keeps it. Change your Google password in your Google Account.';

export function AccountSettings({
  user,
  methods,
}: {
  user: SessionUser;
  methods: readonly SignInMethod[];
}) {
  const hasPassword = methods.includes('password');
  return (
    <>
      <SettingsForm
        title="Your name"
        spec={nameForm}
        initial={{ displayName: user.displayName ?? '' }}
        submit={{ label: 'Save name', busy: 'Saving…' }}
        fallback="Your name could not be changed. Please try again."
        onSubmit={async ({ displayName }) => {
          await changeDisplayName(displayName);
          return `Saved. Your profile now greets you as ${displayName}.`;
        }}
      >
        <p>The name your profile greets you with.</p>
      </SettingsForm>
      <EmailSetting user={user} methods={methods} />
      {hasPassword ? (
        <SettingsForm
          title="Password"
          spec={passwordForm}
          initial={{ currentPassword: '', password: '', confirmPassword: '' }}
          rule={newPasswordRule}
          submit={{ label: 'Change password', busy: 'Changing password…' }}
          fallback="Your password could not be changed. Please try again."
          onSubmit={async ({ currentPassword, password }) => {
            await (await accountCore()).changePassword(currentPassword, password);
            return 'Your password has been changed. Use the new one from now on; your other devices will ask for it.';
          }}
        />
      ) : (
        <section className="panel account-setting" aria-labelledby="account-password-title">
          <h2 id="account-password-title">Password</h2>
          <p>{GOOGLE_ONLY}</p>
        </section>
      )}
      <SettingsForm
        title="Signed-in devices"
        spec={formFor(sessionsForm, methods)}
        initial={{ currentPassword: '' }}
        submit={{ label: 'Sign out other devices', busy: 'Signing out other devices…' }}
        fallback="Your other devices could not be signed out. Please try again."
        onSubmit={async ({ currentPassword }) => {
          const core = await accountCore();
          const answer = await core.signOutOtherDevices(proofOf(methods, currentPassword));
          if (!answer.ok) throw new AccountRefusal(answer.message);
          return 'Done. Every other device is signed out when it next opens the site, or within the hour if it stays open. This device stays signed in.';
        }}
      >
        <p>
          Signed in on a computer you no longer use, or a shared one? Sign out everywhere else.
          {hasPassword ? ' Your password confirms it is you.' : ' Google confirms it is you.'}
        </p>
      </SettingsForm>
    </>
  );
}
