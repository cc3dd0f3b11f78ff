import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formEndpoints } from '../../config/form-endpoints';
import { REPORT_LINK_FIELD, REPORTS_API_PATH } from '../../domain/reports';
import {
  emptyEnquiry,
  enquiryAlert,
  enquiryFields,
  enquiryForm,
  enquiryFromFields,
  reportMessage,
  withReport,
  type EnquiryInput,
} from '../../domain/enquiry';
import { fieldNames } from '../../domain/form';
import type { OutboxEntry } from '../../domain/outbox';
import { startOutboxDelivery } from '../../lib/outbox/delivery';
import { removeEntry } from '../../lib/outbox/outbox';
import { submitEnquiry } from '../../lib/outbox/submit';
import { FormAlert, FormField, StatusMessage } from '../../lib/ui/field';
import { focusFirst, useForm } from '../../lib/ui/use-form';
import { useOnline } from '../../lib/use-online';
import { useSessionDraft } from '../../lib/use-session-draft';
import { OutboxList } from './outbox-list';
import { ReportNote } from './report-note';
import { afterSubmit, CANNOT_SAVE, DELIVERED, offlineLine, type Status } from './send-words';
import { sentFromThisTab, useOutbox } from './use-outbox';

const DRAFT_KEY = 'kcw-contact-draft';

/**
 * The enquiry form. Every enquiry goes into the outbox (IndexedDB) before it is posted, so one
 * that cannot be sent now is delivered later, even from another page or after the tab closed
 * (submitEnquiry in src/lib/outbox/submit.ts); the form says how each send ended.
 *
 * `report`: the id of a short link the visitor came to report (the link's page links here): the
 * form opens as a general inquiry whose message names the link, with the cursor after it.
 */
export function ContactForm({ report = null }: { report?: string | null }) {
  const origin = window.location.origin;
  // Kept in session storage while typed, so a reload loses nothing; the stored copy is read
  // through the same checks as a stored enquiry (an unknown choice comes back unchosen).
  const [draft, setDraft] = useSessionDraft<EnquiryInput>(DRAFT_KEY, emptyEnquiry);
  // A report fills the form in over the draft until the form is first changed, and the draft
  // then holds it (a reload finds the link named already, and leaves it so).
  const [prefill, setPrefill] = useState(report);
  const stored = enquiryFromFields(Object.entries(draft));
  const input = prefill ? withReport(stored, origin, prefill) : stored;
  const setInput = (next: EnquiryInput) => {
    setPrefill(null);
    setDraft(next);
  };
  const online = useOnline();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  // Budget and usage type are on the form only for a PC build.
  const spec = enquiryForm(input.inquiryType);
  const { formRef, bind, check, setErrors } = useForm(spec, input, (name, value) =>
    setInput({ ...input, [name]: value }),
  );
  // A refused enquiry taken back to be edited: where it is still pending, and its id. (Kept
  // in memory only: after a reload, the edited text is sent to every endpoint.)
  const resending = useRef<Pick<OutboxEntry, 'id' | 'pending'> | null>(null);
  // A waiting enquiry of this tab's that is delivered gets its own line, leaving the form's
  // status alone.
  const [delivered, setDelivered] = useState<string | null>(null);
  const outbox = useOutbox(() => setDelivered(DELIVERED));
  const sending = status.kind === 'sending';

  useEffect(startOutboxDelivery, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Each problem shows beside its field and the first one gets the focus; what is missing
    // is also said over the form, in the words of the old site.
    if (!check().ok) {
      const missing = enquiryAlert(input);
      setStatus(missing ? { kind: 'error', message: missing } : { kind: 'idle' });
      return;
    }
    setStatus({ kind: 'sending' });
    const stored: { id?: string } = {};
    // A report of a short link goes to the company's inbox as every enquiry does, and to the
    // site's own `reports` function too, which keeps it for the desk: the same outbox takes it
    // to both.
    const outcome = await submitEnquiry(
      report ? [...enquiryFields(input), [REPORT_LINK_FIELD, report]] : enquiryFields(input),
      {
        endpoints: report ? [...formEndpoints, REPORTS_API_PATH] : formEndpoints,
        resend: resending.current,
        onStored: (id) => {
          resending.current = null;
          stored.id = id;
          setDelivered(null);
        },
      },
    );
    if (outcome.unstored) outbox.unavailable();
    const { status: said, left } = afterSubmit(outcome);
    // Sent, or kept in the outbox: the form is cleared. Otherwise nobody has it and nothing kept
    // it: the form still holds it, as typed.
    if (left) setInput(emptyEnquiry);
    // Kept to be sent later: this tab says so when it goes (its first send, the form reports).
    const waits = outcome.result !== 'sent' && outcome.result !== 'refused';
    if (stored.id && waits) sentFromThisTab.add(stored.id);
    setStatus(said);
  };

  const edit = async (entry: OutboxEntry) => {
    // Taken out of the outbox under its lock, asked for now: a send in flight ends first, and a
    // resend of the edited copy (asked for later, under the same id) only after the removal.
    // The form is filled at once, so nothing typed while the removal waits is overwritten.
    const removed = removeEntry(entry.id);
    resending.current = { id: entry.id, pending: entry.pending };
    setInput(enquiryFromFields(entry.fields));
    setErrors({});
    setStatus({ kind: 'idle' });
    focusFirst(formRef.current, ['name']);
    await removed;
  };
  const discard = async (entry: OutboxEntry) => {
    await removeEntry(entry.id);
    formRef.current?.querySelector<HTMLElement>('button[type="submit"]')?.focus();
  };

  const info = status.kind === 'sent' || status.kind === 'queued' ? status.message : null;

  return (
    <>
      {report === null ? null : (
        <ReportNote
          report={report}
          origin={origin}
          shown={input.message.startsWith(reportMessage(origin, report))}
          formRef={formRef}
        />
      )}
      <form
        ref={formRef}
        className="contact-form"
        onSubmit={submit}
        noValidate
        aria-label="Contact Form"
      >
        {/* Nothing can be changed while it is being sent, so clearing the form loses nothing. */}
        <fieldset className="contact-form__fields" disabled={sending}>
          {fieldNames(spec).map((name) => (
            <FormField key={name} {...bind(name)} />
          ))}
        </fieldset>
        {online ? null : <p className="contact-form__offline">{offlineLine(outbox.available)}</p>}
        {outbox.available ? null : <p className="contact-form__offline">{CANNOT_SAVE}</p>}
        {status.kind === 'error' ? <FormAlert>{status.message}</FormAlert> : null}
        <StatusMessage message={info} />
        <button type="submit" className="button" disabled={sending}>
          {sending ? 'Sending...' : 'Send message'}
        </button>
      </form>
      <OutboxList entries={outbox.entries} online={online} onEdit={edit} onDiscard={discard} />
      <StatusMessage message={delivered} />
    </>
  );
}
