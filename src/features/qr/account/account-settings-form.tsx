// One setting of the account page: a titled panel with its form, rendered from the form's
// description (src/domain/account-forms.ts). A failure shows beside its field, or over the form,
// and keeps everything typed; success says what happened and empties only the password fields.
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { accountFailure } from '../../../domain/account-forms';
import { fieldNames, type FormRule, type FormSpec } from '../../../domain/form';
import { FormAlert, FormField, StatusMessage } from '../../../lib/ui/field';
import { useForm } from '../../../lib/ui/use-form';
import { useOnline } from '../../../lib/use-online';

export interface SettingsFormProps<K extends string> {
  readonly title: string;
  /** A deletion is told apart from the settings (h3 under "Your data", a red button). */
  readonly level?: 2 | 3;
  readonly danger?: boolean;
  /** Opened by a button: focus goes to its first field. */
  readonly focusOnMount?: boolean;
  /** What the setting is now, and what changing it does: above the form. */
  readonly children?: ReactNode;
  readonly spec: FormSpec<K>;
  readonly initial: Readonly<Record<K, string>>;
  readonly rule?: FormRule<K>;
  readonly submit: { readonly label: string; readonly busy: string };
  /** Said when it fails for a reason without a message of its own. */
  readonly fallback: string;
  /** Makes the change; resolves with what to say once done (null: nothing, the page moves on). */
  readonly onSubmit: (values: Readonly<Record<K, string>>) => Promise<string | null>;
}

export function SettingsForm<K extends string>({
  title,
  level = 2,
  danger = false,
  focusOnMount = false,
  children,
  spec,
  initial,
  rule,
  submit,
  fallback,
  onSubmit,
}: SettingsFormProps<K>) {
  const titleId = useId();
  const online = useOnline();
  const [values, setValues] = useState<Record<K, string>>({ ...initial });
  const { formRef, bind, check, setError } = useForm(
    spec,
    values,
    (name, value) => setValues((current) => ({ ...current, [name]: value })),
    { rule },
  );
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const Heading = level === 2 ? 'h2' : 'h3';

  useEffect(() => {
    if (focusOnMount)
      formRef.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, [focusOnMount, formRef]);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    setDone(null);
    const checked = check();
    if (!checked.ok) return;
    setBusy(true);
    try {
      const said = await onSubmit(checked.values);
      // Passwords are not kept on the page once used; the rest now is the setting.
      setValues((current) => {
        const next: Record<K, string> = { ...current };
        for (const name of fieldNames(spec)) if (spec[name].input === 'password') next[name] = '';
        return next;
      });
      setDone(said);
    } catch (error) {
      const { field, message } = accountFailure(error, fallback);
      if (field && field in spec && !spec[field as K].hidden) setError(field as K, message);
      else setFailure(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      className={`panel account-setting${danger ? ' account-setting--danger' : ''}`}
      aria-labelledby={titleId}
    >
      <Heading id={titleId}>{title}</Heading>
      {children}
      <form ref={formRef} className="account-setting__form" onSubmit={send} noValidate>
        {fieldNames(spec).map((name) => (
          <FormField key={name} {...bind(name)} />
        ))}
        {online ? null : (
          <FormAlert tone="info">You are offline: this needs an internet connection.</FormAlert>
        )}
        {failure ? <FormAlert>{failure}</FormAlert> : null}
        <button
          type="submit"
          className={`button${danger ? ' account-setting__danger' : ''}`}
          aria-disabled={busy}
        >
          {busy ? submit.busy : submit.label}
        </button>
      </form>
      <StatusMessage message={done} />
    </section>
  );
}
