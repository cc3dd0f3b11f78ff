// One way to describe a form: each field once, with its label, input type, limits and messages.
// Valibot does the format checks and normalising (an email, an http(s) URL, a phone number); the
// rules every field shares (trimmed, required, at most N characters) are applied here so that each
// message names its field. Pages render fields from these descriptions (src/lib/ui/use-form.ts).
import * as v from 'valibot';
import {
  BAD_HOST_MESSAGE,
  hasHiddenCharacters,
  HIDDEN_CHARACTERS_MESSAGE,
  typedHostProblem,
} from './qr/target';

export type InputKind =
  'text' | 'email' | 'url' | 'tel' | 'number' | 'date' | 'password' | 'textarea' | 'select';

/** A check and normaliser of a non-empty, trimmed value: its first issue is the message. */
export type FormatSchema = v.GenericSchema<string, string>;

export interface FieldSpec {
  readonly label: string;
  readonly input: InputKind;
  readonly required: boolean;
  readonly maxLength: number;
  /** Shown beside an empty required field. */
  readonly requiredMessage: string;
  readonly format?: FormatSchema;
  readonly autoComplete?: string;
  readonly placeholder?: string;
  readonly hint?: string;
  /** The choices of a select. */
  readonly options?: readonly { readonly value: string; readonly label: string }[];
  /** Suggestions offered while typing; free text stays allowed (a datalist). */
  readonly suggestions?: readonly string[];
  /** Passwords and the like are kept exactly as typed. */
  readonly keepSpaces?: boolean;
  /**
   * Not on the form for now (a field shown only for some choices): not rendered and not checked,
   * and its value is kept as it is for when the field comes back.
   */
  readonly hidden?: boolean;
}

export type FormSpec<K extends string = string> = Readonly<Record<K, FieldSpec>>;
export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;
/**
 * A rule across fields (a confirmation that must match): messages by field. It is given the
 * normalised values and its message only shows on a field whose own checks passed.
 */
export type FormRule<K extends string = string> = (
  values: Readonly<Record<K, string>>,
) => FieldErrors<K>;

type FieldOptions = Partial<Omit<FieldSpec, 'label'>>;

/** A field description with the shared defaults: text, optional, 200 characters. */
export function field(label: string, options: FieldOptions = {}): FieldSpec {
  return {
    label,
    input: 'text',
    required: false,
    maxLength: 200,
    requiredMessage: `Please enter ${lowerFirst(label)}.`,
    ...options,
  };
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

export const EMAIL_MAX = 254;
export const URL_MAX = 2000;

export const formats = {
  email: v.pipe(v.string(), v.email('Please enter a valid email address.')),
  /** A full web address; one typed without a scheme gets https:// in front. */
  httpUrl: v.pipe(
    v.string(),
    v.check((text) => !hasHiddenCharacters(text), HIDDEN_CHARACTERS_MESSAGE),
    v.transform((text) => (/^[a-z][a-z\d+.-]*:/i.test(text) ? text : `https://${text}`)),
    // Read as typed: browsers' parsers take a space in a host (percent-encoded), Node's does not.
    v.check((text) => typedHostProblem(text) !== 'bad-host', BAD_HOST_MESSAGE),
    v.check(
      (text) => typedHostProblem(text) === null && isHttpUrl(text),
      'Please enter a web address starting with http:// or https://.',
    ),
  ),
  /** Digits, with spaces, dashes and brackets tolerated and dropped; a leading + is kept. */
  phone: v.pipe(
    v.string(),
    v.transform((text) => text.replace(/[\s().-]/g, '')),
    v.regex(/^\+?\d{4,15}$/, 'Please use digits only (spaces and a leading + are fine).'),
  ),
  /** A country calling code: 1 to 3 digits, a leading + or 00 dropped. */
  countryCode: v.pipe(
    v.string(),
    v.transform((text) => text.replace(/\s/g, '').replace(/^(\+|00)/, '')),
    v.regex(/^[1-9]\d{0,2}$/, 'Please enter the country code in digits, for example 27.'),
  ),
} satisfies Record<string, FormatSchema>;

/** The email address field every account, contact and demo form asks for. */
export const emailField = field('Email', {
  input: 'email',
  required: true,
  maxLength: EMAIL_MAX,
  format: formats.email,
  autoComplete: 'email',
  requiredMessage: 'Please enter your email address.',
});

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

export type FieldCheck = { ok: true; value: string } | { ok: false; message: string };

/**
 * Why `value` is too long for the field, saying how much to cut, or undefined. Fields have no
 * maxlength in the page, which would cut pasted text without a word: the whole text stays, for
 * the person to shorten, and this shows as they type.
 */
export function lengthProblem(spec: FieldSpec, value: string): string | undefined {
  if (value.length <= spec.maxLength) return undefined;
  return `${spec.label} can be at most ${spec.maxLength} characters: cut ${value.length - spec.maxLength} (it has ${value.length}).`;
}

/** Checks one value against its description; an ok value is trimmed and normalised. */
export function checkField(spec: FieldSpec, raw: string): FieldCheck {
  if (spec.hidden) return { ok: true, value: raw };
  const value = spec.keepSpaces ? raw : raw.trim();
  if (!value) {
    return spec.required ? { ok: false, message: spec.requiredMessage } : { ok: true, value: '' };
  }
  const tooLong = lengthProblem(spec, value);
  if (tooLong) return { ok: false, message: tooLong };
  if (spec.options && !spec.options.some((option) => option.value === value)) {
    return { ok: false, message: spec.requiredMessage };
  }
  if (!spec.format) return { ok: true, value };
  const result = v.safeParse(spec.format, value);
  return result.success
    ? { ok: true, value: result.output }
    : { ok: false, message: result.issues[0].message };
}

/**
 * Checks every field of a form, then the rule across fields if there is one: the errors by
 * field, and the normalised values.
 */
export function checkForm<K extends string>(
  spec: FormSpec<K>,
  values: Readonly<Record<K, string>>,
  rule?: FormRule<K>,
): { errors: FieldErrors<K>; values: Record<K, string> } {
  const errors: FieldErrors<K> = {};
  const normalised: Record<K, string> = { ...values };
  for (const name of Object.keys(spec) as K[]) {
    const result = checkField(spec[name], values[name] ?? '');
    if (result.ok) normalised[name] = result.value;
    else errors[name] = result.message;
  }
  if (rule) {
    for (const [name, message] of Object.entries(rule(normalised)) as [K, string | undefined][]) {
      if (message && !errors[name]) errors[name] = message;
    }
  }
  return { errors, values: normalised };
}

/** A form's field names, in the order they are described (the page's order). */
/** A choice's label by its value (the value itself when no option has it). */
export const optionLabel = (
  options: readonly { readonly value: string; readonly label: string }[],
  value: string,
): string => options.find((option) => option.value === value)?.label ?? value;

export const fieldNames = <K extends string>(spec: FormSpec<K>): K[] => Object.keys(spec) as K[];

/** The required fields on the form that are still empty (or unchosen), in the spec's order. */
export function missingFields<K extends string>(
  spec: FormSpec<K>,
  values: Readonly<Record<K, string>>,
): K[] {
  return fieldNames(spec).filter((name) => {
    if (!spec[name].required) return false;
    const result = checkField(spec[name], values[name] ?? '');
    return !result.ok && result.message === spec[name].requiredMessage;
  });
}

/** Whether any field has a message (a message cleared to undefined is none). */
export const hasErrors = (errors: FieldErrors): boolean =>
  Object.values(errors).some((message) => message !== undefined);
