// "Email me when a printed code's destination changes", on the history page: one's own choice,
// stored in one's notice document of the workspace (use-notice-choice.ts). The box shows what the
// server holds (live), a change says "Saving…" until the server has it, then what it means.
import { useState } from 'react';
import { DESTINATION_NOTICE_LABEL } from '../../../domain/history-notice';
import { FormAlert, StatusMessage } from '../../../lib/ui/field';
import { useNoticeChoice } from './use-notice-choice';

const NOT_READ =
  'Your choice of emails could not be read. Check your connection, then reload the page.';
const NOT_SAVED =
  'Your choice could not be saved. Check your connection, then try again; if it keeps failing, your role here may have changed: reload the page.';

export function NoticeChoicePanel({
  workspace,
  uid,
  email,
}: {
  workspace: string;
  uid: string;
  /** Where the emails go: the address the person joined with, or the account's. */
  email: string | null;
}) {
  const [view, choose] = useNoticeChoice(workspace, uid);
  const [saving, setSaving] = useState<boolean | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  const change = (destination: boolean) => {
    setSaving(destination);
    setSaid(null);
    setFailed(false);
    choose(destination).then(
      () => {
        setSaving(null);
        setSaid(
          destination
            ? `Saved. You will get an email${email ? ` at ${email}` : ''} when someone else points a printed code somewhere new.`
            : 'Saved. You will not get these emails.',
        );
      },
      (error: unknown) => {
        console.error(error);
        setSaving(null);
        setFailed(true);
      },
    );
  };

  const checked = saving ?? (view.status === 'ready' && view.choice.destination);
  return (
    <section className="panel history__notice" aria-labelledby="history-notice-title">
      <h2 id="history-notice-title">Email notice</h2>
      <label className="history__check">
        <input
          type="checkbox"
          checked={checked}
          disabled={view.status !== 'ready' || saving !== null}
          aria-describedby="history-notice-hint"
          onChange={(event) => change(event.target.checked)}
        />{' '}
        {DESTINATION_NOTICE_LABEL}
      </label>
      <p id="history-notice-hint" className="history__hint">
        {email ? `Sent to ${email}, ` : ''}once for each change of where a code leads, with where it
        led before and who changed it. Not for the changes you make yourself.
      </p>
      <StatusMessage message={saving !== null ? 'Saving…' : said} />
      {failed ? <FormAlert>{NOT_SAVED}</FormAlert> : null}
      {!failed && view.status === 'failed' ? <FormAlert>{NOT_READ}</FormAlert> : null}
    </section>
  );
}
