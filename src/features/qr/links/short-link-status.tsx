// What My QR Codes says of a dynamic code's short link: the link to copy, what it leads to and its
// scans, whether it asks for a password (and a way to set or remove it); or why it has no link yet.
import { useId, useState, type FormEvent } from 'react';
import { passwordProblem } from '../../../domain/qr/access';
import { describeDestination } from '../../../domain/qr/landing';
import { scansText } from '../../../domain/qr/scan-stats';
import { shortLinkUrl } from '../../../domain/qr/short-link';
import { FormAlert } from '../../../lib/ui/field';
import type { LinkState } from './link-state';
import type { PasswordWork } from './link-syncer';

/** A code's password, as My QR Codes offers to handle it. */
export interface Protection {
  /** Its new password on its way to the server, if one is. */
  readonly work: PasswordWork | undefined;
  readonly set: (password: string) => void;
  readonly remove: () => void;
}

/** A dynamic code's short link, to copy, where it leads now, and its scans; or why it has none. */
export function ShortLinkStatus({
  state,
  scans,
  nameId,
  pendingWrite,
  onRetry,
  protection,
}: {
  state: Exclude<LinkState, { kind: 'none' }>;
  scans: number;
  nameId: string;
  pendingWrite: boolean;
  onRetry: () => void;
  /** Null when the person may not change the code (a viewer): its password is only said. */
  protection: Protection | null;
}) {
  if (state.kind === 'making') {
    return (
      <p className="saved-codes__meta saved-codes__link-note">
        {state.waiting && (pendingWrite || !navigator.onLine)
          ? 'Dynamic: its short link is made once this code reaches our server, when you are back online.'
          : (state.message ?? 'Dynamic: making its short link…')}
      </p>
    );
  }
  if (state.kind === 'refused') {
    return (
      <div className="saved-codes__link" role="group" aria-label="Short link">
        <p className="saved-codes__meta saved-codes__link-problem">
          Dynamic, without a short link: {state.message}
        </p>
        {state.retry ? (
          <button
            type="button"
            className="saved-codes__copy"
            onClick={onRetry}
            aria-describedby={nameId}
          >
            Try again
          </button>
        ) : null}
      </div>
    );
  }
  return (
    <div className="saved-codes__link">
      <LinkAddress id={state.link.id} nameId={nameId} />
      {state.kind === 'disabled' ? (
        <p className="saved-codes__meta saved-codes__link-problem">
          Switched off by Kempton Code Works: it was reported as misused, and its printed copies
          show a warning. Contact us if you think this is a mistake.
        </p>
      ) : (
        <p className="saved-codes__meta">
          <span className="saved-codes__target">{describeDestination(state.link.destination)}</span>{' '}
          · {scansText(scans)}
          {state.change
            ? state.change.message
              ? ` · Not changed: ${state.change.message}`
              : state.change.waiting
                ? ' · Its new target applies once you are back online.'
                : ' · Changing where it leads…'
            : null}
        </p>
      )}
      {state.kind === 'active' && state.link.locked ? (
        <PasswordStatus
          passwordSet={state.link.passwordSet}
          protection={protection}
          nameId={nameId}
        />
      ) : null}
    </div>
  );
}

/** The short link as it is shared, and a button that copies it. */
function LinkAddress({ id, nameId }: { id: string; nameId: string }) {
  const url = shortLinkUrl(window.location.origin, id);
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard
      ?.writeText(url)
      .then(() => setCopied(true))
      .catch(() => setCopied(false));
  };
  return (
    <p className="saved-codes__meta">
      Dynamic: <a href={url}>{url.replace(/^https?:\/\//, '')}</a>{' '}
      <button type="button" className="saved-codes__copy" onClick={copy} aria-describedby={nameId}>
        {copied ? 'Copied' : 'Copy link'}
      </button>
    </p>
  );
}

/** Whether the code asks for a password, and a way to set or remove it. */
function PasswordStatus({
  passwordSet,
  protection,
  nameId,
}: {
  passwordSet: boolean;
  protection: Protection | null;
  nameId: string;
}) {
  if (!protection) {
    return (
      <p className="saved-codes__meta">
        {passwordSet
          ? 'Protected by a password'
          : 'Asks for a password that has not been set yet: someone who may change this code can set it.'}
      </p>
    );
  }
  const { work } = protection;
  if (work?.status === 'waiting' || work?.status === 'sending') {
    return <p className="saved-codes__meta">Protected by a password: setting it…</p>;
  }
  if (passwordSet && work === undefined) {
    return (
      <p className="saved-codes__meta">
        Protected by a password ·{' '}
        <button
          type="button"
          className="saved-codes__copy"
          onClick={protection.remove}
          aria-describedby={nameId}
        >
          Remove the password
        </button>
      </p>
    );
  }
  return <SetPassword protection={protection} />;
}

/** A protected code whose password never reached the server (or was refused): set it here. */
function SetPassword({ protection }: { protection: Protection }) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const refused = protection.work?.status === 'failed' ? protection.work.message : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wrong = passwordProblem(password);
    setProblem(wrong);
    if (!wrong) protection.set(password);
  };
  return (
    <form className="saved-codes__password" onSubmit={submit}>
      <p className="saved-codes__meta saved-codes__link-problem">
        It asks for a password that has not reached our server, so it opens for nobody yet.
      </p>
      <label htmlFor={id}>Its password</label>
      <input
        id={id}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        aria-invalid={problem ? true : undefined}
      />
      <button type="submit" className="button button--ghost">
        Set the password
      </button>
      {(problem ?? refused) ? <FormAlert>{problem ?? refused}</FormAlert> : null}
    </form>
  );
}
