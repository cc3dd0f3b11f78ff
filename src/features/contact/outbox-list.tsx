import { entryField, type OutboxEntry } from '../../domain/outbox';
import { inquiryTypes } from '../../domain/enquiry';
import { optionLabel } from '../../domain/form';
import { savedAt } from '../../lib/ui/saved-at';

const typeLabel = (value: string) => optionLabel(inquiryTypes, value);

const triedText = (attempts: number) =>
  attempts === 1 ? 'Tried once so far.' : `Tried ${attempts} times so far.`;

/** Enquiries saved on this device and not yet delivered, with what will happen to each. */
export function OutboxList({
  entries,
  online,
  onEdit,
  onDiscard,
}: {
  entries: readonly OutboxEntry[];
  /** Whether the browser has a connection: waiting while online means the service failed. */
  online: boolean;
  onEdit: (entry: OutboxEntry) => void;
  onDiscard: (entry: OutboxEntry) => void;
}) {
  if (entries.length === 0) return null;
  return (
    <section className="outbox" aria-labelledby="outbox-title">
      <h3 id="outbox-title">Waiting to send ({entries.length})</h3>
      <ul>
        {entries.map((entry) => (
          <li key={entry.id} className={`outbox__entry outbox__entry--${entry.status}`}>
            <p className="outbox__summary" id={`outbox-${entry.id}`}>
              <strong>{typeLabel(entryField(entry, 'inquiryType'))}</strong> from{' '}
              {entryField(entry, 'name')}, saved {savedAt.format(entry.createdAt)}
            </p>
            {entry.status === 'queued' ? (
              <p className="outbox__state">
                {online
                  ? 'Sends automatically: the form service has not taken it yet, so it is tried again every few minutes.'
                  : 'Sends automatically when you are back online.'}
                {entry.attempts > 0 ? ` ${triedText(entry.attempts)}` : null}
              </p>
            ) : (
              <>
                <p className="outbox__state">
                  Not sent: the form service did not accept it. Check it, then send it again.
                </p>
                <div className="outbox__actions">
                  <button
                    type="button"
                    className="button"
                    aria-describedby={`outbox-${entry.id}`}
                    onClick={() => onEdit(entry)}
                  >
                    Edit and resend
                  </button>
                  <button
                    type="button"
                    className="button button--ghost"
                    aria-describedby={`outbox-${entry.id}`}
                    onClick={() => onDiscard(entry)}
                  >
                    Discard
                  </button>
                </div>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
