// "Delete my account": first what it removes and keeps, then, once asked for, the form that
// confirms it (DELETE or the address typed, and the password, which the server needs from a
// sign-in of the last few minutes). The server deletes (DELETE /api/account); the login page then
// says the account is gone, and this device signs out.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { AccountRefusal, deleteConfirmed, deleteForm } from '../../../domain/account-forms';
import type { SignInMethod } from '../../../lib/auth/account-core';
import { accountCore, logOut, type SessionUser } from '../../../lib/auth/session';
import { SettingsForm } from './account-settings-form';
import { formFor, proofOf } from './account-settings-methods';

/** What the deletion removes, and what the company must keep: said before it is asked for. */
const consequences = [
  'Your saved codes, their designs and logos, and the files hosted for them.',
  'The short links of your dynamic codes: printed codes then show “no longer active”, and their addresses are never given to anyone else.',
  'Your scan figures, your account’s usage, and your sign-in.',
  'Paid invoices are kept for five years, as South African tax law requires, with only what an invoice shows (number, date, plan, amount, the name it is made out to).',
] as const;

export function DeleteAccount({
  user,
  methods,
}: {
  user: SessionUser;
  methods: readonly SignInMethod[];
}) {
  const navigate = useNavigate();
  const [asked, setAsked] = useState(false);
  // Signed out once this page has gone: signing out while it is still shown would send the
  // sign-in guard to the login page first, without the message that the account is deleted.
  const deleted = useRef(false);
  useEffect(
    () => () => {
      if (deleted.current) void logOut();
    },
    [],
  );
  return (
    <div className="data-rights__part">
      <h3>Delete your account</h3>
      <p>This cannot be undone. It removes, for good:</p>
      <ul>
        {consequences.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <p>Download your data first if you want to keep a copy.</p>
      {asked ? (
        <SettingsForm
          title="Confirm the deletion"
          level={3}
          danger
          focusOnMount
          spec={formFor(deleteForm, methods)}
          initial={{ confirmation: '', currentPassword: '' }}
          rule={deleteConfirmed(user.email)}
          submit={{ label: 'Delete my account', busy: 'Deleting your account…' }}
          fallback="Your account could not be deleted. Please try again."
          onSubmit={async ({ currentPassword }) => {
            const answer = await (
              await accountCore()
            ).deleteAccount(proofOf(methods, currentPassword));
            if (!answer.ok) throw new AccountRefusal(answer.message);
            deleted.current = true;
            navigate(paths.login, { replace: true, state: { accountDeleted: true } });
            return null;
          }}
        >
          <p>
            {methods.includes('password')
              ? 'Type DELETE (or your email address) and your password.'
              : 'Type DELETE (or your email address); Google then asks you to confirm it is you.'}
          </p>
        </SettingsForm>
      ) : (
        <button
          type="button"
          className="button button--ghost account-setting__danger"
          onClick={() => setAsked(true)}
        >
          I want to delete my account
        </button>
      )}
    </div>
  );
}
