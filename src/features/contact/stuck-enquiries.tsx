// On every page while an enquiry has been stuck in the outbox (still queued after several tries
// over more than an hour: the form service keeps failing, or this device is rarely online): says
// so plainly and offers to email it instead, with its text filled in. The enquiry stays queued
// unless the person says they emailed it. An entry the outbox cannot read (saved by an older
// version of the site, or damaged) is never sent, so it is listed here too, to email what can
// still be read of it and remove it. Loaded by the layout only while the outbox's waiting flag is
// set, so other visits never load it.
import { useState } from 'react';
import { company } from '../../config/company';
import { enquiryMail } from '../../domain/enquiry';
import { mailLink } from '../../domain/mail-link';
import { isStuck, type OutboxEntry, type UnreadableEntry } from '../../domain/outbox';
import { removeEntry } from '../../lib/outbox/outbox';
import { savedAt } from '../../lib/ui/saved-at';
import { useOutbox } from './use-outbox';
// Its own few rules: the contact page's stylesheet is not needed on every page.
import './stuck-enquiries.css';

export default function StuckEnquiries() {
  const { entries, unreadable, readAt } = useOutbox();
  // Hidden for this page view by "Keep trying"; shown again on the next visit if still stuck.
  const [keptTrying, setKeptTrying] = useState<ReadonlySet<string>>(new Set());
  const stuck = entries.filter((entry) => isStuck(entry, readAt) && !keptTrying.has(entry.id));
  const count = stuck.length + unreadable.length;
  if (count === 0) return null;
  return (
    <aside className="stuck-enquiries" aria-labelledby="stuck-enquiries-title">
      <h2 id="stuck-enquiries-title">
        {count === 1
          ? 'Your enquiry has not reached us yet'
          : `${count} of your enquiries have not reached us yet`}
      </h2>
      <ul>
        {stuck.map((entry) => (
          <Stuck
            key={entry.id}
            entry={entry}
            onKeepTrying={() => setKeptTrying((ids) => new Set(ids).add(entry.id))}
          />
        ))}
        {unreadable.map((entry) => (
          <Unreadable key={entry.id} entry={entry} />
        ))}
      </ul>
    </aside>
  );
}

function Stuck({ entry, onKeepTrying }: { entry: OutboxEntry; onKeepTrying: () => void }) {
  return (
    <li>
      <p>
        The enquiry you saved on {savedAt.format(entry.createdAt)} has been tried {entry.attempts}{' '}
        times without getting through. It is still saved on this device and we keep trying, or you
        can email it to us now.
      </p>
      <div className="stuck-enquiries__actions">
        <EmailIt fields={entry.fields} id={entry.id} />
        <button
          type="button"
          className="button button--ghost"
          onClick={() => void removeEntry(entry.id)}
        >
          I emailed it: stop trying
        </button>
        <button type="button" className="button button--ghost" onClick={onKeepTrying}>
          Keep trying
        </button>
      </div>
    </li>
  );
}

function Unreadable({ entry }: { entry: UnreadableEntry }) {
  const saved = entry.createdAt === null ? '' : ` on ${savedAt.format(entry.createdAt)}`;
  return (
    <li>
      <p>
        An enquiry saved on this device{saved} cannot be read any more, so it will not be sent (it
        may have been saved by an older version of this site, or damaged).{' '}
        {entry.fields
          ? 'You can still email it to us, then remove it.'
          : 'Its text is lost: please remove it, and write to us again.'}
      </p>
      <div className="stuck-enquiries__actions">
        {entry.fields ? <EmailIt fields={entry.fields} id={entry.id} /> : null}
        <button
          type="button"
          className="button button--ghost"
          onClick={() => void removeEntry(entry.id)}
        >
          Remove it
        </button>
      </div>
    </li>
  );
}

function EmailIt({ fields, id }: { fields: OutboxEntry['fields']; id: string }) {
  return (
    <a className="button" href={mailLink(enquiryMail(fields, company.email, id))}>
      Email it to us instead
    </a>
  );
}
