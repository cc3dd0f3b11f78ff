// The contact enquiry (SPEC sections 3, 5, 7 and 8): its options, its checks with their exact
// messages, and the fields it is sent with.

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

/** The one message for what is missing, or undefined when the enquiry can be sent. */
export function validateEnquiry(input: EnquiryInput): string | undefined {
  const basics = [input.name, input.email, input.message].every((value) => value.trim());
  if (!basics || !input.inquiryType) return enquiryMessages.missingBasics;
  if (input.inquiryType === 'pc-building' && (!input.budget.trim() || !input.usageType)) {
    return enquiryMessages.missingPcFields;
  }
  return undefined;
}

/** The fields to mark invalid beside the one message above. */
export function missingEnquiryFields(input: EnquiryInput): (keyof EnquiryInput)[] {
  const required: (keyof EnquiryInput)[] = ['name', 'email', 'message', 'inquiryType'];
  if (input.inquiryType === 'pc-building') required.push('budget', 'usageType');
  return required.filter((field) => !input[field].trim());
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
