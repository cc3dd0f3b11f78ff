// "Delete my account": first what it removes and keeps (data-rights-consequences.tsx: with teams,
// what stays with them, or why it must wait), then, once asked for, the form that confirms it
// (DELETE or the address typed, and the password, which the server needs from a sign-in of the
// last few minutes). The server deletes (DELETE /api/account) or refuses in words, shown over the
// form with what was typed kept; the login page then says what was deleted, and this device signs
// out.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { AccountRefusal, deleteConfirmed, deleteForm } from '../../../domain/account-forms';
import type { SignInMethod } from '../../../lib/auth/account-core';
import { accountCore, logOut, type SessionUser } from '../../../lib/auth/session';
import { SettingsForm } from './account-settings-form';
import { formFor, proofOf } from './account-settings-methods';
import { DeletionConsequences } from './data-rights-consequences';
import { useDeletionPlan } from './data-rights-plan';

export function DeleteAccount({
  user,
  methods,
}: {
  user: SessionUser;
  methods: readonly SignInMethod[];
}) {
  const navigate = useNavigate();
  const [asked, setAsked] = useState(false);
  const plan = useDeletionPlan(user.uid);
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
      <DeletionConsequences view={plan} />
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
            // The login page says what the server did: the workspace gone, or kept for its owners.
            navigate(paths.login, { replace: true, state: { accountDeleted: answer.message } });
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
