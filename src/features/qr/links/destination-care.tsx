// What My QR Codes says of whether a dynamic code's destination still answers, from the daily
// check (functions/src/destination-check.ts): "Failing: Answered 404 since 25 Nov", or when it
// last answered; a "Check now" button for anyone who sees the code, and, for those who may change
// it, the switch of the daily check. The link's document brings each new result, so the row shows
// it as soon as the server has stored it.
import { useState } from 'react';
import { healthLine, shortDay } from '../../../domain/qr/destination-health';
import { FormAlert } from '../../../lib/ui/field';
import type { DynamicLink } from './dynamic-links';
import { requestLinkCheck, requestLinkWatch } from './link-requests';

export function DestinationCare({
  link,
  workspace,
  mayChange,
  nameId,
}: {
  link: DynamicLink;
  workspace: string;
  /** The person may change the code: they may turn its daily check off and on. */
  mayChange: boolean;
  /** The row's name, which describes its buttons. */
  nameId: string;
}) {
  const [busy, setBusy] = useState<'check' | 'watch' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const failing = healthLine(link.health);
  const run = async (what: 'check' | 'watch') => {
    setBusy(what);
    setProblem(null);
    const answer =
      what === 'check'
        ? await requestLinkCheck(link.code, workspace)
        : await requestLinkWatch(link.code, !link.watched, workspace);
    setBusy(null);
    if (!answer.ok) setProblem(answer.message);
  };
  return (
    <div className="saved-codes__care">
      <p className={`saved-codes__meta${failing ? ' saved-codes__link-problem' : ''}`}>
        <span role="status">
          {failing
            ? `Failing: ${failing}`
            : link.health
              ? `Where it leads answered when checked on ${shortDay(link.health.checkedAt)}`
              : link.watched
                ? 'Where it leads is checked daily'
                : 'Where it leads is not checked daily'}
        </span>{' '}
        <button
          type="button"
          className="saved-codes__copy"
          onClick={() => void run('check')}
          disabled={busy !== null}
          aria-describedby={nameId}
        >
          {busy === 'check' ? 'Checking…' : 'Check now'}
        </button>
      </p>
      {mayChange ? (
        <label className="saved-codes__meta saved-codes__watch">
          <input
            type="checkbox"
            checked={link.watched}
            disabled={busy !== null}
            aria-describedby={nameId}
            onChange={() => void run('watch')}
          />{' '}
          Check daily that it still answers, and email the owners if it stops
        </label>
      ) : null}
      {problem ? <FormAlert>{problem}</FormAlert> : null}
    </div>
  );
}
