// A build's thread with the company, on its card: the messages so far, and a question to ask. What
// it is called follows the build: a question about the quote before it is accepted, support once
// the build is collected. A question needs the connection; what was typed stays in the field until
// it has gone.
import { useId, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { company } from '../../config/company';
import { formatDay } from '../../domain/billing';
import {
  BUILD_MESSAGES,
  buildName,
  messageText,
  MESSAGE_MAX,
  type BuildSummary,
} from '../../domain/pc-builds';
import { FormAlert, StatusMessage, TextAreaField } from '../../lib/ui/field';
import { askBuilds } from './build-requests';

/** What asking is called at each point of a build. */
function askLabel(build: BuildSummary): string {
  if (build.step === 'quoted') return 'Ask about this quote';
  if (build.step === 'collected') return 'Ask for support on this build';
  return 'Ask us about this build';
}

/** A fresh id for one question, so that sending it twice makes one message. */
const newMessageId = () =>
  `m-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

export function BuildThread({ build }: { build: BuildSummary }) {
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [id, setId] = useState(newMessageId);
  const [error, setError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const label = askLabel(build);
  const name = buildName(build.number);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setSent(null);
    setProblem(null);
    if (!v.safeParse(messageText(BUILD_MESSAGES.message), text).success) {
      setError(BUILD_MESSAGES.message);
      return;
    }
    setBusy(true);
    const answer = await askBuilds('message', { build: build.id, request: id, text });
    setBusy(false);
    if (!answer.ok) {
      setProblem(answer.message);
      return;
    }
    setText('');
    setId(newMessageId());
    setSent('Sent: we answer here and by email, usually within a working day.');
  };

  if (build.messages.length === 0 && !open) {
    return (
      <button type="button" className="button button--ghost pc__ask" onClick={() => setOpen(true)}>
        {label}
      </button>
    );
  }
  return (
    <section className="pc__thread" aria-labelledby={titleId}>
      <h4 id={titleId}>Questions about {name}</h4>
      {build.messages.length > 0 ? (
        <ol className="pc__messages">
          {build.messages.map((message) => (
            <li key={message.id} className={`pc__message pc__message--${message.from}`}>
              <p className="pc__message-from">
                {message.from === 'customer' ? 'You' : company.name}, {formatDay(message.at)}
              </p>
              <p className="pc__note">{message.text}</p>
            </li>
          ))}
        </ol>
      ) : null}
      <form noValidate className="pc__form" onSubmit={(event) => void send(event)}>
        <TextAreaField
          label={label}
          hint={`Up to ${MESSAGE_MAX} characters. We answer here and by email.`}
          rows={3}
          value={text}
          error={error}
          onChange={(event) => {
            setText(event.target.value);
            setError(undefined);
          }}
        />
        <StatusMessage message={sent} />
        {problem ? <FormAlert>{problem}</FormAlert> : null}
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Sending…' : 'Send'}
        </button>
      </form>
    </section>
  );
}
