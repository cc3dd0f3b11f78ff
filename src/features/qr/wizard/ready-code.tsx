import { useState, type ReactNode } from 'react';
import { GoogleButton } from '../../../lib/auth/google-button';
import { useAuth } from '../../../lib/auth/session';
import { FormAlert } from '../../../lib/ui/field';
import { EmailCodeForm } from '../mail/email-code-form';
import type { RenderedCode } from '../render/render-code';

/**
 * Download, email, and Google. The email form is offered only for a finished code: its message
 * carries the code's files, and a message without a code would promise something it cannot hold.
 * Without a code the section says why there is none instead (NoCode, in no-code.tsx).
 */
export function ReadyCode({
  code,
  name,
  text,
  children,
}: {
  code: RenderedCode;
  name: string;
  text: string;
  children: ReactNode;
}) {
  const { user } = useAuth();
  const [linked, setLinked] = useState(false);
  return (
    <>
      {children}
      <h3 className="qr-demo__subtitle">Receive by email</h3>
      <EmailCodeForm initialEmail={user?.email ?? ''} code={code} name={name} text={text} />
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
