import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { formEndpoints } from '../../config/form-endpoints';
import {
  emptyEnquiry,
  enquiryFields,
  enquiryFromFields,
  enquiryMessages,
  inquiryTypes,
  missingEnquiryFields,
  usageTypes,
  validateEnquiry,
  type EnquiryInput,
} from '../../domain/enquiry';
import type { OutboxEntry } from '../../domain/outbox';
import { scheduleDelivery, startOutboxDelivery } from '../../lib/outbox/delivery';
import { removeEntry, sendEntry, storeEnquiry } from '../../lib/outbox/outbox';
import { EmailField, Field, FormAlert, SelectField, TextAreaField } from '../../lib/ui/field';
import { useOnline } from '../../lib/use-online';
import { useSessionDraft } from '../../lib/use-session-draft';
import { OutboxList } from './outbox-list';
import { useOutbox } from './use-outbox';

type Status = { kind: 'idle' | 'sending' } | { kind: 'sent' | 'queued' | 'error'; message: string };

const DRAFT_KEY = 'kcw-contact-draft';
const QUEUED =
  'You are offline, so your message is saved on this device. It will be sent automatically when you are back online.';

/**
 * The enquiry form. Every enquiry goes into the outbox (IndexedDB) before it is posted, so one
 * that cannot be sent now is delivered later, even from another page or after the tab closed.
 */
export function ContactForm() {
  // Kept in session storage while typed, so a reload loses nothing; the stored copy is read
  // through the same checks as a stored enquiry (an unknown choice comes back unchosen).
  const [draft, setInput] = useSessionDraft<EnquiryInput>(DRAFT_KEY, emptyEnquiry);
  const input = enquiryFromFields(Object.entries(draft));
  const online = useOnline();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [invalid, setInvalid] = useState<readonly (keyof EnquiryInput)[]>([]);
  const entries = useOutbox(() => setStatus({ kind: 'sent', message: enquiryMessages.sent }));
  const sending = status.kind === 'sending';

  useEffect(startOutboxDelivery, []);

  /** Any text is stored; the derived `input` above keeps only known choices. */
  const set = (field: keyof EnquiryInput, value: string) => {
    const next = { ...input, [field]: value };
    setInput(next);
    // A field that was flagged stops being flagged once it is filled.
    if (invalid.includes(field)) {
      setInvalid(missingEnquiryFields(enquiryFromFields(Object.entries(next))));
    }
  };
  /** What every field of the form takes: its name, value, change handler and error. */
  const bind = (field: keyof EnquiryInput) => ({
    name: field,
    required: true,
    value: input[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      set(field, event.target.value),
    error: invalid.includes(field) ? 'Required' : undefined,
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = validateEnquiry(input);
    const missing = missingEnquiryFields(input);
    setInvalid(missing);
    if (problem) {
      setStatus({ kind: 'error', message: problem });
      // Straight to the first field to fill, for keyboard and screen-reader users alike.
      const first = event.currentTarget.elements.namedItem(missing[0] ?? '');
      if (first instanceof HTMLElement) first.focus();
      return;
    }
    setStatus({ kind: 'sending' });
    try {
      const entry = await storeEnquiry(enquiryFields(input), formEndpoints);
      const { result, offline } = await sendEntry(entry);
      if (result === 'sent') {
        setInput(emptyEnquiry);
        setStatus({ kind: 'sent', message: enquiryMessages.sent });
      } else if (result === 'retry' && offline) {
        setInput(emptyEnquiry);
        setStatus({ kind: 'queued', message: QUEUED });
        await scheduleDelivery();
      } else {
        // The service answered with a failure: the person still has the form as typed.
        await removeEntry(entry.id);
        setStatus({ kind: 'error', message: enquiryMessages.failed });
      }
    } catch {
      setStatus({ kind: 'error', message: enquiryMessages.failed });
    }
  };

  const edit = async (entry: OutboxEntry) => {
    setInput(enquiryFromFields(entry.fields));
    setInvalid([]);
    setStatus({ kind: 'idle' });
    await removeEntry(entry.id);
  };

  return (
    <>
      <form className="contact-form" onSubmit={submit} noValidate aria-label="Contact Form">
        <Field label="Name" autoComplete="name" {...bind('name')} />
        <EmailField
          value={input.email}
          onValue={(value) => set('email', value)}
          error={bind('email').error}
        />
        <SelectField
          label="Inquiry type"
          {...bind('inquiryType')}
          placeholder="Choose an inquiry type"
          options={inquiryTypes}
        />
        {input.inquiryType === 'pc-building' ? (
          <div className="contact-form__pc">
            <Field
              label="Budget"
              {...bind('budget')}
              placeholder="e.g. 15000 (ZAR), or None/Unsure"
              hint="A number in rand, or a few words."
            />
            <SelectField
              label="Usage type"
              {...bind('usageType')}
              placeholder="Choose a usage type"
              options={usageTypes}
            />
          </div>
        ) : null}
        <TextAreaField label="Message" {...bind('message')} />
        {online ? null : (
          <p className="contact-form__offline">
            You are offline. Your message will be saved on this device and sent when you are back
            online.
          </p>
        )}
        {status.kind === 'error' ? <FormAlert>{status.message}</FormAlert> : null}
        {status.kind === 'sent' || status.kind === 'queued' ? (
          <FormAlert tone="info">{status.message}</FormAlert>
        ) : null}
        <button type="submit" className="button" disabled={sending}>
          {sending ? 'Sending...' : 'Send message'}
        </button>
      </form>
      <OutboxList
        entries={entries}
        onEdit={edit}
        onDiscard={(entry) => void removeEntry(entry.id)}
      />
    </>
  );
}
