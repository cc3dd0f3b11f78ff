// The contact enquiry: its options, its form with its limits and exact messages (the old site's
// words), and the fields it is sent with, all from one description of its fields.
import {
  emailField,
  field,
  fieldNames,
  missingFields,
  optionLabel,
  type FieldSpec,
  type FormSpec,
} from './form';
import type { MailDraft } from './mail-link';
import { LINK_ID, shortLinkUrl } from './qr/short-link';

export const inquiryTypes = [
  { value: 'pc-building', label: 'PC Building' },
  { value: 'software-solutions', label: 'Software Solutions' },
  { value: 'general-inquiries', label: 'General Inquiries' },
] as const;

export const usageTypes = [
  { value: 'workstation', label: 'Workstation' },
  { value: 'gaming', label: 'Gaming' },
  { value: 'all-rounder', label: 'All Rounder' },
] as const;

export type InquiryType = (typeof inquiryTypes)[number]['value'];
export type UsageType = (typeof usageTypes)[number]['value'];

/** How one enquiry field is described: its form field, and what only the enquiry needs. */
type EnquiryFieldEntry = Partial<FieldSpec> & {
  readonly label: string;
  /** On the form (required there) and posted only for this inquiry type. */
  readonly onlyFor?: InquiryType;
  /** How its value is posted; trimmed otherwise. */
  readonly posted?: (value: string) => string;
};

/**
 * Every field of the enquiry, once: its label, limits and messages (see form.ts), in the order
 * it is posted to the form service. The page shows them in this order too, the message last.
 * Adding a field is one entry here (and, for the receiver, one more form field).
 */
const enquiryFieldTable = {
  name: {
    label: 'Name',
    required: true,
    maxLength: 100,
    autoComplete: 'name',
    requiredMessage: 'Please enter your name.',
  },
  email: emailField,
  message: {
    label: 'Message',
    input: 'textarea',
    required: true,
    maxLength: 5000,
    requiredMessage: 'Please enter your message.',
  },
  inquiryType: {
    label: 'Inquiry type',
    input: 'select',
    required: true,
    options: inquiryTypes,
    placeholder: 'Choose an inquiry type',
    requiredMessage: 'Please choose an inquiry type.',
  },
  budget: {
    label: 'Budget',
    onlyFor: 'pc-building',
    required: true,
    maxLength: 50,
    placeholder: 'e.g. 15000 (ZAR), or None/Unsure',
    hint: 'A number in rand, or a few words.',
    requiredMessage: 'Please enter your budget.',
    posted: formatBudget,
  },
  usageType: {
    label: 'Usage type',
    onlyFor: 'pc-building',
    input: 'select',
    required: true,
    options: usageTypes,
    placeholder: 'Choose a usage type',
    requiredMessage: 'Please choose a usage type.',
  },
} satisfies Record<string, EnquiryFieldEntry>;

type EnquiryField = keyof typeof enquiryFieldTable;
const postedOrder = Object.keys(enquiryFieldTable) as EnquiryField[];
const entryOf = (name: EnquiryField): EnquiryFieldEntry => enquiryFieldTable[name];
/** The page's order: the message, the longest, last. */
const pageOrder = [...postedOrder.filter((name) => name !== 'message'), 'message' as const];

/** A choice's value, or '' ("not chosen yet"), for a select; any text otherwise. */
type ValueOf<E> = E extends { options: readonly { value: infer V }[] } ? V | '' : string;

/** What the form holds. */
export type EnquiryInput = {
  -readonly [K in EnquiryField]: ValueOf<(typeof enquiryFieldTable)[K]>;
};

export const emptyEnquiry = Object.fromEntries(
  postedOrder.map((name) => [name, '']),
) as EnquiryInput;

export const enquiryMessages = {
  missingBasics: 'Please fill out all fields and select an inquiry type.',
  missingPcFields: 'Please enter your budget and select usage type for PC Building.',
  failed: 'Oops, something went wrong. Please try again.',
  sent: 'Thanks! Your message has been sent.',
} as const;

/** Whether a field is on the form (and posted) for the chosen inquiry type. */
const isOn = (name: EnquiryField, inquiryType: EnquiryInput['inquiryType']) => {
  const { onlyFor } = entryOf(name);
  return onlyFor === undefined || onlyFor === inquiryType;
};

/**
 * The form, field by field, for the chosen inquiry type: budget and usage type are on it (and
 * required) only for a PC build. The order is the page's order.
 */
export function enquiryForm(inquiryType: EnquiryInput['inquiryType']): FormSpec<EnquiryField> {
  const spec = {} as Record<EnquiryField, FieldSpec>;
  for (const name of pageOrder) {
    const { label, onlyFor, posted, ...options } = entryOf(name);
    // `posted` is the enquiry's, not the form field's.
    void posted;
    spec[name] = field(label, onlyFor ? { ...options, hidden: !isOn(name, inquiryType) } : options);
  }
  return spec;
}

/** The fields every enquiry has (the others are for one inquiry type). */
const basics = postedOrder.filter((name) => entryOf(name).onlyFor === undefined);

/**
 * The one line over the form for what is missing (the old site's words), shown beside the
 * messages by field; undefined when nothing required is missing (other problems have only their
 * own message).
 */
export function enquiryAlert(input: EnquiryInput): string | undefined {
  const missing = missingFields(enquiryForm(input.inquiryType), input);
  if (missing.some((name) => basics.includes(name))) return enquiryMessages.missingBasics;
  if (missing.length > 0) return enquiryMessages.missingPcFields;
  return undefined;
}

/** "15000" becomes "R15000"; free text such as "R20k" or "Unsure" is kept as written. */
export function formatBudget(budget: string): string {
  const trimmed = budget.trim();
  return /^\d+$/.test(trimmed) ? `R${trimmed}` : trimmed;
}

/** The form fields posted to the form service, in order: PC fields only for a PC build. */
export function enquiryFields(input: EnquiryInput): [string, string][] {
  return postedOrder
    .filter((name) => isOn(name, input.inquiryType))
    .map((name) => [name, (entryOf(name).posted ?? trim)(input[name])]);
}

const trim = (value: string) => value.trim();

/** The form again from posted fields (to edit an enquiry that was not accepted). */
export function enquiryFromFields(fields: readonly (readonly [string, string])[]): EnquiryInput {
  const value = (name: string) => fields.find(([key]) => key === name)?.[1] ?? '';
  const input: Record<string, string> = {};
  for (const name of postedOrder) {
    const { options } = entryOf(name);
    const chosen = value(name);
    // An unknown choice comes back unchosen.
    input[name] = !options || options.some((option) => option.value === chosen) ? chosen : '';
  }
  return input as EnquiryInput;
}

/**
 * An enquiry as an email to the company, for when the form service keeps failing: the subject
 * names the sender, the body holds every field with its label (choices by their labels), and the
 * enquiry's id, so a copy that arrives both ways can be recognised.
 */
export function enquiryMail(
  fields: readonly (readonly [string, string])[],
  to: string,
  id: string,
): MailDraft {
  const input = enquiryFromFields(fields);
  const spec = enquiryForm(input.inquiryType);
  const lines = fieldNames(spec)
    .filter((name) => !spec[name].hidden)
    .map((name) => {
      const { label, options } = spec[name];
      const value = options ? optionLabel(options, input[name]) : input[name];
      return name === 'message' ? `\n${value}` : `${label}: ${value}`;
    });
  return {
    to,
    subject: `Website enquiry from ${input.name.trim() || input.email.trim()}`,
    body: `${lines.join('\n')}\n\nReference: ${id}`,
  };
}

/**
 * How an enquiry that reports a short link begins (the short links' pages link to the contact page
 * with `?report=<id>`); the visitor adds why after it.
 */
export const reportMessage = (origin: string, id: string): string =>
  `I want to report the short link ${shortLinkUrl(origin, id)}: `;

/** What a report of a link fills in: the inquiry type, and the message's beginning. */
const reportPrefill = { inquiryType: 'general-inquiries' } as const satisfies Partial<EnquiryInput>;

/** The link id of the contact page's `report` parameter; null when there is none or it is no id. */
export const reportedLinkId = (value: string | null): string | null =>
  value !== null && LINK_ID.test(value) ? value : null;

/**
 * The form as a report of the link `id`: General Inquiries, and the message beginning with
 * reportMessage. Whatever else was typed is kept (a message that does not begin so follows it),
 * and a form that already reports the link is left as it is.
 */
export function withReport(input: EnquiryInput, origin: string, id: string): EnquiryInput {
  const start = reportMessage(origin, id);
  const message = input.message.startsWith(start)
    ? input.message
    : input.message.trim()
      ? `${start}\n\n${input.message}`
      : start;
  return { ...input, ...reportPrefill, message };
}
