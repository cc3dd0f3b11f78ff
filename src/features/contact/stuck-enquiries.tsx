// On every page while an enquiry has been stuck in the outbox (still queued after several tries
// over more than an hour: the form service keeps failing, or this device is rarely online): says
// so plainly and offers to email it instead, with its text filled in. The enquiry stays queued
// unless the person says they emailed it. Loaded by the layout only while the outbox's waiting
// flag is set, so other visits never load it.
import { useState } from 'react';
import { company } from '../../config/company';
import { enquiryMail } from '../../domain/enquiry';
import { mailLink } from '../../domain/mail-link';
import { isStuck } from '../../domain/outbox';
import { removeEntry } from '../../lib/outbox/outbox';
import { savedAt } from '../../lib/ui/saved-at';
import { useOutbox } from './use-outbox';
// Its own few rules: the contact page's stylesheet is not needed on every page.
import './stuck-enquiries.css';

const ignoreDeliveries = () => {};

export default function StuckEnquiries() {
  const { entries, readAt } = useOutbox(ignoreDeliveries);
  // Hidden for this page view by "Keep trying"; shown again on the next visit if still stuck.
  const [keptTrying, setKeptTrying] = useState<ReadonlySet<string>>(new Set());
  const stuck = entries.filter((entry) => isStuck(entry, readAt) && !keptTrying.has(entry.id));
  if (stuck.length === 0) return null;
  return (
    <aside className="stuck-enquiries" aria-labelledby="stuck-enquiries-title">
      <h2 id="stuck-enquiries-title">
        {stuck.length === 1
          ? 'Your enquiry has not reached us yet'
          : `${stuck.length} of your enquiries have not reached us yet`}
      </h2>
      <ul>
        {stuck.map((entry) => (
          <li key={entry.id}>
            <p>
              The enquiry you saved on {savedAt.format(entry.createdAt)} has been tried{' '}
              {entry.attempts} times without getting through. It is still saved on this device and
              we keep trying, or you can email it to us now.
            </p>
            <div className="stuck-enquiries__actions">
              <a
                className="button"
                href={mailLink(enquiryMail(entry.fields, company.email, entry.id))}
              >
                Email it to us instead
              </a>
              <button
                type="button"
                className="button button--ghost"
                onClick={() => void removeEntry(entry.id)}
              >
                I emailed it: stop trying
              </button>
              <button
                type="button"
                className="button button--ghost"
                onClick={() => setKeptTrying((ids) => new Set(ids).add(entry.id))}
              >
                Keep trying
              </button>
            </div>
          </li>
        ))}
      </ul>
    </aside>
  );
}
