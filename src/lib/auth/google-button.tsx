import { useState } from 'react';
import { authErrorMessage } from '../../domain/auth-errors';
import { continueWithGoogle } from './session';
import type { GoogleOutcome } from './google-sign-in';
import { FormAlert } from '../ui/field';
import './google-button.css';

const OFFLINE = 'Google sign-in needs an internet connection. Reconnect and try again.';
const UNREACHABLE =
  'Google sign-in could not be reached. Please try again, or use your email and password.';

/**
 * "Continue with Google": a popup whose code loads only when the button is pressed. It signs in,
 * or, for someone already signed in, links Google to their account (see google-sign-in.ts).
 */
export function GoogleButton({ onDone }: { onDone: (outcome: GoogleOutcome) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const signIn = async () => {
    if (!navigator.onLine) {
      setError(OFFLINE);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onDone(await continueWithGoogle());
    } catch (failure) {
      setError(authErrorMessage(failure, UNREACHABLE));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="google-sign-in">
      <button type="button" className="button button--ghost" onClick={signIn} disabled={busy}>
        {busy ? 'Opening Google…' : 'Continue with Google'}
      </button>
      {error ? <FormAlert>{error}</FormAlert> : null}
    </div>
  );
}
