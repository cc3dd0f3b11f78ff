import { entryField } from '../../../domain/outbox';
import { removeMail, type MailEntry } from './mail-outbox';
import './waiting-mail.css';

const nameOf = (entry: MailEntry) => {
  // Kept beside the request; an email kept by an older version of the page has it in the request.
  const name = (entry.name ?? entryField(entry, 'name')).trim();
  return name ? `“${name}”` : 'A code';
};

/**
 * Emails made earlier on this device that have not gone yet (they go by themselves), and those
 * the server refused, with its reason, until the person has read it.
 */
export function WaitingMail({ entries }: { entries: readonly MailEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <section className="waiting-mail" aria-labelledby="waiting-mail-title">
      <h4 id="waiting-mail-title">Emails on this device ({entries.length})</h4>
      <ul>
        {entries.map((entry) => (
          <li key={entry.id}>
            {entry.status === 'queued' ? (
              <p>
                {nameOf(entry)} to {entry.to}: goes by itself once the connection allows.
              </p>
            ) : (
              <>
                <p id={`waiting-mail-${entry.id}`}>
                  {nameOf(entry)} to {entry.to} was not sent. {entry.refusal}
                </p>
                <button
                  type="button"
                  className="button button--ghost"
                  aria-describedby={`waiting-mail-${entry.id}`}
                  onClick={() => void removeMail(entry.id)}
                >
                  Dismiss
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
