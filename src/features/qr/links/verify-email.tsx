// Asking a signed-in user to verify their email address, which dynamic codes need (the rules and
// the server both check it): send the verification email again, and check whether it has been
// done (also by itself whenever the tab comes back into view, e.g. from the email app).
import { useEffect, useState } from 'react';
import { checkEmailVerified, sendVerificationEmail, useAuth } from '../../../lib/auth/session';
import { FormAlert } from '../../../lib/ui/field';
import './verify-email.css';

type Said = { readonly tone: 'info' | 'error'; readonly text: string } | null;

const sendFailure = (error: unknown) =>
  (error as { code?: string }).code === 'auth/too-many-requests'
    ? 'Too many emails were asked for just now. Wait a few minutes, then ask again.'
    : 'The email could not be sent. Check your connection, then try again.';

export function VerifyEmail({ why }: { why: string }) {
  const { user } = useAuth();
  const [said, setSaid] = useState<Said>(null);
  const [busy, setBusy] = useState(false);
  const verified = user?.emailVerified === true;

  useEffect(() => {
    if (verified) return;
    const check = () => {
      if (document.visibilityState === 'visible') void checkEmailVerified().catch(() => false);
    };
    document.addEventListener('visibilitychange', check);
    return () => document.removeEventListener('visibilitychange', check);
  }, [verified]);

  if (!user || verified) return null;

  const act = async (action: () => Promise<Said>) => {
    setBusy(true);
    try {
      setSaid(await action());
    } finally {
      setBusy(false);
    }
  };
  const send = () =>
    act(async () => {
      try {
        await sendVerificationEmail();
        return {
          tone: 'info',
          text: `Sent. Open the link in the email to ${user.email ?? 'your address'}, then come back here.`,
        };
      } catch (error) {
        return { tone: 'error', text: sendFailure(error) };
      }
    });
  const check = () =>
    act(async () => {
      try {
        return (await checkEmailVerified())
          ? null
          : {
              tone: 'error',
              text: 'Your address is not verified yet. Open the link in the email we sent, then try again.',
            };
      } catch {
        return {
          tone: 'error',
          text: 'Could not check just now. Check your connection, then try again.',
        };
      }
    });

  return (
    <div className="verify-email" role="group" aria-label="Verify your email address">
      <p>
        {why} Verify your email address{user.email ? ` (${user.email})` : ''} with the link we
        emailed you.
      </p>
      <div className="verify-email__actions">
        <button
          type="button"
          className="button button--ghost"
          onClick={() => void send()}
          aria-disabled={busy}
        >
          Send the verification email again
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => void check()}
          aria-disabled={busy}
        >
          I have verified it
        </button>
      </div>
      {said ? <FormAlert tone={said.tone}>{said.text}</FormAlert> : null}
    </div>
  );
}
