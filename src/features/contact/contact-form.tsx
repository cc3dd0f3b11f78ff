import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formEndpoints } from '../../config/form-endpoints';
import {
  emptyEnquiry,
  enquiryAlert,
  enquiryFields,
  enquiryForm,
  enquiryFromFields,
  enquiryMessages,
  reportMessage,
  withReport,
  type EnquiryInput,
} from '../../domain/enquiry';
import { fieldNames } from '../../domain/form';
import { shortLinkUrl } from '../../domain/qr/short-link';
import type { OutboxEntry } from '../../domain/outbox';
import { hasBackgroundSync, startOutboxDelivery } from '../../lib/outbox/delivery';
import { removeEntry } from '../../lib/outbox/outbox';
import { submitEnquiry } from '../../lib/outbox/submit';
import { FormAlert, FormField, StatusMessage } from '../../lib/ui/field';
import { focusFirst, useForm } from '../../lib/ui/use-form';
import { useOnline } from '../../lib/use-online';
import { useSessionDraft } from '../../lib/use-session-draft';
import { OutboxList } from './outbox-list';
import { sentFromThisTab, useOutbox } from './use-outbox';

type Status = { kind: 'idle' | 'sending' } | { kind: 'sent' | 'queued' | 'error'; message: string };

const DRAFT_KEY = 'kcw-contact-draft';
const DELIVERED = 'Thanks! Your saved message has been sent.';
const sentStatus: Status = { kind: 'sent', message: enquiryMessages.sent };
const queuedMessage = () =>
  'Your message could not be sent right now, so it is saved on this device. It will be sent ' +
  (hasBackgroundSync()
    ? 'automatically when the connection is back, even if you close this page.'
    : 'automatically when the connection is back, while this site is open or the next time you visit.');
// Where IndexedDB cannot be used (site data blocked in the browser's settings, or storage full)
// nothing can wait for a connection, and the form says so rather than promise it.
const CANNOT_SAVE =
  'Your message cannot be saved on this device to be sent later (this browser blocks site data, ' +
  'or its storage is full), so it can only be sent while you are online.';
const UNSTORED_FAILED =
  'Your message could not be sent, and it cannot be saved on this device to be sent later. ' +
  'It is still in the form: please try again once you are online.';
// The service failed (5xx, 429, 408) before anyone had the enquiry: honest about who failed.
const TROUBLE =
  'The form service did not answer properly just now, so your message is saved on this device. ' +
  'It will be sent automatically: we keep trying while this site is open, and the next time you visit.';
const refusedMessage = (reason: string | null) =>
  reason
    ? `${enquiryMessages.failed} The form service did not accept it: ${reason.replace(/\.?$/, '.')}`
    : enquiryMessages.failed;
const PARTLY_REFUSED =
  'Oops, something went wrong: your message was not accepted. It is saved below: check it, then send it again.';

/** What the form says once an enquiry has left it: sent, or kept to be sent. */
function afterSubmit(result: 'sent' | 'unstored-sent' | 'failed' | 'queued' | 'trouble'): Status {
  if (result === 'failed') return { kind: 'error', message: PARTLY_REFUSED };
  if (result === 'queued') return { kind: 'queued', message: queuedMessage() };
  if (result === 'trouble') return { kind: 'queued', message: TROUBLE };
  return sentStatus;
}

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
  const reporting = report !== null && input.message.startsWith(reportMessage(origin, report));
  const online = useOnline();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  // Budget and usage type are on the form only for a PC build.
  const spec = enquiryForm(input.inquiryType);
  const { formRef, bind, check, setErrors } = useForm(spec, input, (name, value) =>
    setInput({ ...input, [name]: value }),
  );
  // A waiting enquiry that is delivered gets its own line, leaving the form's status alone; the
  // one this form is sending right now is reported by the form.
  const submitting = useRef<string | null>(null);
  // A refused enquiry taken back to be edited: where it is still pending, and its id. (Kept
  // in memory only: after a reload, the edited text is sent to every endpoint.)
  const resending = useRef<Pick<OutboxEntry, 'id' | 'pending'> | null>(null);
  const [delivered, setDelivered] = useState<string | null>(null);
  const outbox = useOutbox((id) => {
    if (id !== submitting.current && sentFromThisTab.has(id)) setDelivered(DELIVERED);
  });
  const [storeFailed, setStoreFailed] = useState(false);
  const canSave = outbox.available && !storeFailed;
  const sending = status.kind === 'sending';

  useEffect(startOutboxDelivery, []);

  // Arriving to report a link: the visitor is asked why, so the cursor waits after its name. Where
  // the message is out of sight (a phone), the page scrolls to the note over the form instead of
  // to the message alone, so both are seen.
  const reportNote = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!report) return;
    const message = formRef.current?.elements.namedItem('message');
    if (!(message instanceof HTMLTextAreaElement)) return;
    const end = reportMessage(origin, report).length;
    message.focus({ preventScroll: true });
    message.setSelectionRange(end, end);
    const { top, bottom } = message.getBoundingClientRect();
    if (top < 0 || bottom > window.innerHeight) {
      (reportNote.current ?? message).scrollIntoView({ block: 'start' });
    }
  }, [formRef, origin, report]);

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
    const outcome = await submitEnquiry(enquiryFields(input), {
      endpoints: formEndpoints,
      resend: resending.current,
      onStored: (id) => {
        resending.current = null;
        submitting.current = id;
        sentFromThisTab.add(id);
        setDelivered(null);
      },
    });
    submitting.current = null;
    if (outcome.result === 'unstored-sent' || outcome.result === 'unstored-failed') {
      setStoreFailed(true);
    }
    if (outcome.result === 'refused' || outcome.result === 'unstored-failed') {
      // Nobody has it, and nothing kept it: the form still holds it, as typed (with the service's
      // reason when it refused it; sending it again as it is would not help).
      setStatus({
        kind: 'error',
        message: outcome.result === 'refused' ? refusedMessage(outcome.reason) : UNSTORED_FAILED,
      });
      return;
    }
    // Sent, or kept in the outbox: the form is cleared either way.
    setInput(emptyEnquiry);
    setStatus(afterSubmit(outcome.result));
  };

  const edit = async (entry: OutboxEntry) => {
    resending.current = { id: entry.id, pending: entry.pending };
    setInput(enquiryFromFields(entry.fields));
    setErrors({});
    setStatus({ kind: 'idle' });
    focusFirst(formRef.current, ['name']);
    await removeEntry(entry.id);
  };
  const discard = async (entry: OutboxEntry) => {
    await removeEntry(entry.id);
    formRef.current?.querySelector<HTMLElement>('button[type="submit"]')?.focus();
  };

  const info = status.kind === 'sent' || status.kind === 'queued' ? status.message : null;

  return (
    <>
      {reporting ? (
        <p ref={reportNote} className="contact-form__report">
          You are reporting the short link{' '}
          <strong className="contact-form__link">{shortLinkUrl(origin, report)}</strong>. Tell us in
          the message what is wrong with it: where it led, or why you think it is harmful.
        </p>
      ) : null}
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
        {online ? null : (
          <p className="contact-form__offline">
            {canSave
              ? 'You are offline. Your message will be saved on this device and sent when you are back online.'
              : 'You are offline. Your message can be sent once you are back online.'}
          </p>
        )}
        {canSave ? null : <p className="contact-form__offline">{CANNOT_SAVE}</p>}
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
