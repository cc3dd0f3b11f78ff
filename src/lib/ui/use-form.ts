// Binds a form described in src/domain/form.ts to its inputs: each field's props come from its
// description, a failed check shows the message beside the field and moves focus to the first
// one, and a flagged field is checked again as it is edited, so its message goes once it is right.
import { useRef, useState, type ChangeEvent } from 'react';
import {
  checkField,
  lengthProblem,
  checkForm,
  hasErrors,
  type FieldErrors,
  type FieldSpec,
  type FormRule,
  type FormSpec,
} from '../../domain/form';

export interface BoundField {
  spec: FieldSpec;
  name: string;
  value: string;
  error: string | undefined;
  onChange: (
    event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>,
  ) => void;
}

export interface FormOptions<K extends string> {
  /** A rule across fields, such as a confirmation that must match. */
  rule?: FormRule<K>;
}

export function useForm<K extends string>(
  spec: FormSpec<K>,
  values: Readonly<Record<K, string>>,
  onValue: (name: K, value: string) => void,
  { rule }: FormOptions<K> = {},
) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors<K>>({});

  const bind = (name: K): BoundField => ({
    spec: spec[name],
    name,
    value: values[name],
    error: errors[name],
    onChange: (event) => {
      const value = event.target.value;
      onValue(name, value);
      // A flagged field is checked again as it changes; a text grown too long (a paste) at once.
      if (errors[name] || lengthProblem(spec[name], value)) {
        const result = checkField(spec[name], value);
        const message = result.ok
          ? rule?.({ ...values, [name]: result.value })[name]
          : result.message;
        setErrors((current) => ({ ...current, [name]: message }));
      }
    },
  });

  /** Checks everything; on a problem, focuses the first flagged field in the page's order. */
  const check = (): { ok: boolean; values: Record<K, string> } => {
    const result = checkForm(spec, values, rule);
    setErrors(result.errors);
    if (hasErrors(result.errors)) {
      focusFirst(formRef.current, Object.keys(result.errors));
      return { ok: false, values: result.values };
    }
    return { ok: true, values: result.values };
  };

  /** Shows a message that came from elsewhere (the server) beside a field. */
  const setError = (name: K, message: string | undefined) =>
    setErrors((current) => ({ ...current, [name]: message }));

  return { formRef, bind, check, errors, setError, setErrors };
}

/** Focuses the first control, in document order, whose name is one of `names`. */
export function focusFirst(form: HTMLElement | null, names: readonly string[]) {
  if (!form) return;
  const first = [...form.querySelectorAll<HTMLElement>('[name]')].find((element) =>
    names.includes(element.getAttribute('name') ?? ''),
  );
  first?.focus();
}
