// The emails a member of a workspace may ask for, on the history page and in My Account: one's
// own choice of each, stored in one's notice document of the workspace (use-notice-choice.ts).
// Each box shows what the server holds (live); a change says "Saving…" until the server has it,
// then what it means. The kinds are described once (noticeKinds) and rendered by one loop.
import { useId, useState } from 'react';
import { DESTINATION_NOTICE_LABEL } from '../../../domain/history-notice';
import { NOTICE_KINDS, type NoticeKind } from '../../../domain/records/notices';
import { WEEKLY_NOTICE_LABEL } from '../../../domain/weekly-summary';
import { FormAlert, StatusMessage } from '../../../lib/ui/field';
import { useNoticeChoice } from './use-notice-choice';

const NOT_READ =
  'Your choice of emails could not be read. Check your connection, then reload the page.';
const NOT_SAVED =
  'Your choice could not be saved. Check your connection, then try again; if it keeps failing, your role here may have changed: reload the page.';

/** What each email is, in the words of its box, its hint and the answer to turning it on. */
const noticeKinds: Readonly<
  Record<
    NoticeKind,
    {
      readonly label: string;
      readonly hint: (to: string) => string;
      readonly on: (at: string) => string;
    }
  >
> = {
  destination: {
    label: DESTINATION_NOTICE_LABEL,
    hint: (to) =>
      `${to}once for each change of where a code leads, with where it led before and who changed it. Not for the changes you make yourself.`,
    on: (at) =>
      `Saved. You will get an email${at} when someone else points a printed code somewhere new.`,
  },
  weekly: {
    label: WEEKLY_NOTICE_LABEL,
    hint: (to) =>
      `${to}on Monday mornings: the week’s scans of each dynamic code, the most scanned, and any code whose destination is failing. Each one has a link that stops them.`,
    on: (at) => `Saved. You will get the summary${at} each Monday.`,
  },
};

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
  const id = useId();
  const [view, choose] = useNoticeChoice(workspace, uid);
  const [saving, setSaving] = useState<{ kind: NoticeKind; on: boolean } | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  const change = (kind: NoticeKind, on: boolean) => {
    setSaving({ kind, on });
    setSaid(null);
    setFailed(false);
    choose(kind, on).then(
      () => {
        setSaving(null);
        setSaid(
          on
            ? noticeKinds[kind].on(email ? ` at ${email}` : '')
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

  return (
    <section className="panel history__notice" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Email notices</h2>
      {NOTICE_KINDS.map((kind) => {
        const checked =
          saving?.kind === kind ? saving.on : view.status === 'ready' && view.choice[kind];
        return (
          <div key={kind} className="history__choice">
            <label className="history__check">
              <input
                type="checkbox"
                checked={checked}
                disabled={view.status !== 'ready' || saving !== null}
                aria-describedby={`${id}-${kind}`}
                onChange={(event) => change(kind, event.target.checked)}
              />{' '}
              {noticeKinds[kind].label}
            </label>
            <p id={`${id}-${kind}`} className="history__hint">
              {noticeKinds[kind].hint(email ? `Sent to ${email}, ` : '')}
            </p>
          </div>
        );
      })}
      <StatusMessage message={saving !== null ? 'Saving…' : said} />
      {failed ? <FormAlert>{NOT_SAVED}</FormAlert> : null}
      {!failed && view.status === 'failed' ? <FormAlert>{NOT_READ}</FormAlert> : null}
    </section>
  );
}
