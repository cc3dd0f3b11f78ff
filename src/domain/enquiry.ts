// The contact enquiry (SPEC sections 3, 5, 7 and 8): its options, its form with its limits and
// exact messages, and the fields it is sent with.
import { emailField, field, fieldNames, missingFields, optionLabel, type FormSpec } from './form';
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

/** What the form holds; '' is "not chosen yet". */
export interface EnquiryInput {
  name: string;
  email: string;
  message: string;
  inquiryType: InquiryType | '';
  budget: string;
  usageType: UsageType | '';
}

export const emptyEnquiry: EnquiryInput = {
  name: '',
  email: '',
  message: '',
  inquiryType: '',
  budget: '',
  usageType: '',
};

export const enquiryMessages = {
  missingBasics: 'Please fill out all fields and select an inquiry type.',
  missingPcFields: 'Please enter your budget and select usage type for PC Building.',
  failed: 'Oops, something went wrong. Please try again.',
  sent: 'Thanks! Your message has been sent.',
} as const;

type EnquiryField = keyof EnquiryInput;

/**
 * The form, field by field, for the chosen inquiry type: budget and usage type are on it (and
 * required) only for a PC build. The order is the page's order.
 */
export function enquiryForm(inquiryType: EnquiryInput['inquiryType']): FormSpec<EnquiryField> {
  const hidden = inquiryType !== 'pc-building';
  return {
    name: field('Name', {
      required: true,
      maxLength: 100,
      autoComplete: 'name',
      requiredMessage: 'Please enter your name.',
    }),
    email: emailField,
    inquiryType: field('Inquiry type', {
      input: 'select',
      required: true,
      options: inquiryTypes,
      placeholder: 'Choose an inquiry type',
      requiredMessage: 'Please choose an inquiry type.',
    }),
    budget: field('Budget', {
      required: true,
      hidden,
      maxLength: 50,
      placeholder: 'e.g. 15000 (ZAR), or None/Unsure',
      hint: 'A number in rand, or a few words.',
      requiredMessage: 'Please enter your budget.',
    }),
    usageType: field('Usage type', {
      input: 'select',
      required: true,
      hidden,
      options: usageTypes,
      placeholder: 'Choose a usage type',
      requiredMessage: 'Please choose a usage type.',
    }),
    message: field('Message', {
      input: 'textarea',
      required: true,
      maxLength: 5000,
      requiredMessage: 'Please enter your message.',
    }),
  };
}

const basics: readonly EnquiryField[] = ['name', 'email', 'inquiryType', 'message'];

/**
 * The one line over the form for what is missing (SPEC section 8), shown beside the messages by
 * field; undefined when nothing required is missing (other problems have only their own message).
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
  const fields: [string, string][] = [
    ['name', input.name.trim()],
    ['email', input.email.trim()],
    ['message', input.message.trim()],
    ['inquiryType', input.inquiryType],
  ];
  if (input.inquiryType === 'pc-building') {
    fields.push(['budget', formatBudget(input.budget)], ['usageType', input.usageType]);
  }
  return fields;
}

/** The form again from posted fields (to edit an enquiry that was not accepted). */
export function enquiryFromFields(fields: readonly (readonly [string, string])[]): EnquiryInput {
  const value = (name: string) => fields.find(([key]) => key === name)?.[1] ?? '';
  const pick = <T extends string>(options: readonly { value: T }[], chosen: string): T | '' =>
    options.find((option) => option.value === chosen)?.value ?? '';
  return {
    name: value('name'),
    email: value('email'),
    message: value('message'),
    inquiryType: pick(inquiryTypes, value('inquiryType')),
    budget: value('budget'),
    usageType: pick(usageTypes, value('usageType')),
  };
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
