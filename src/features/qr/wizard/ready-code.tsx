import { useState, type ReactNode } from 'react';
import { GoogleButton } from '../../../lib/auth/google-button';
import { useAuth } from '../../../lib/auth/session';
import { FormAlert } from '../../../lib/ui/field';
import { useWorkspace } from '../../../lib/workspace/workspace';
import type { Wizard } from '../draft/wizard-store';
import { EmailCodeForm } from '../mail/email-code-form';
import { saveForMail } from '../codes/save-draft';

/**
 * Download, email, and Google. The email form is offered only for a finished code: its message
 * carries the code's files, and a message without a code would promise something it cannot hold.
 * Without a code the section says why there is none instead (NoCode, in no-code.tsx). The server
 * emails saved codes only, drawn from what is saved: sending saves the code first.
 */
export function ReadyCode({
  wizard,
  name,
  children,
}: {
  wizard: Wizard;
  name: string;
  children: ReactNode;
}) {
  const { user } = useAuth();
  const { current, choices } = useWorkspace();
  const [linked, setLinked] = useState(false);
  // Sent codes are saved ones: to the workspace the person works in, as Save would.
  const save = () =>
    user && current
      ? saveForMail(wizard, user, current, choices)
      : Promise.reject(new Error('Sign in again to email codes.'));
  return (
    <>
      {children}
      <h3 className="qr-demo__subtitle">Receive by email</h3>
      <EmailCodeForm initialEmail={user?.email ?? ''} name={name} save={save} />
      <p className="or-divider">or</p>
      <GoogleButton onDone={() => setLinked(true)} />
      {linked ? (
        <FormAlert tone="info">
          Google is linked to your account: next time you can continue with Google.
        </FormAlert>
      ) : null}
    </>
  );
}
