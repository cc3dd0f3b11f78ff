/**
 * The form building blocks, kept in one file on purpose although it passes 200 lines: Field,
 * TextAreaField, SelectField and PasswordField share one private FieldFrame (label, control, hint
 * and error tied together for assistive technology), FormField picks among them from a field's
 * description, and FormAlert and StatusMessage are the two form-wide messages. Each piece is
 * small; split up, FieldFrame would have to be exported for the others alone.
 */
import {
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import type { BoundField } from './use-form';
import './field.css';

interface FrameProps {
  label: string;
  /** Shown under the control and announced with it; marks the control invalid. */
  error?: string;
  hint?: ReactNode;
  id?: string;
  className?: string;
}

/** What a control needs to be tied to its label, hint and error. */
interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** Label, control, hint and error, tied together for assistive technology. */
function FieldFrame({
  label,
  error,
  hint,
  id,
  className,
  children,
}: FrameProps & { children: (control: ControlProps) => ReactNode }) {
  const ownId = useId();
  const controlId = id ?? ownId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={controlId}>{label}</label>
      <div className="field__control">
        {children({
          id: controlId,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy,
        })}
      </div>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface FieldProps extends FrameProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  /** Something to place beside the input, such as a show-password button. */
  adornment?: ReactNode;
}

/** A labelled input whose hint and error are tied to it for assistive technology. */
export function Field({ label, error, hint, adornment, id, className, ...input }: FieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => (
        <>
          <input {...control} {...input} />
          {adornment}
        </>
      )}
    </FieldFrame>
  );
}

type TextAreaFieldProps = FrameProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>;

export function TextAreaField({
  label,
  error,
  hint,
  id,
  className,
  ...textarea
}: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => <textarea {...control} {...textarea} />}
    </FieldFrame>
  );
}

interface SelectFieldProps extends FrameProps, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  options: readonly { value: string; label: string }[];
  /** The first, empty choice ("Choose…"), shown until something is chosen; none without it. */
  placeholder?: string;
}

export function SelectField({
  label,
  error,
  hint,
  id,
  className,
  options,
  placeholder,
  ...select
}: SelectFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => (
        <select {...control} {...select}>
          {placeholder === undefined ? null : <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

type PasswordFieldProps = Omit<FieldProps, 'type' | 'adornment'>;

/** A password input with a Show/Hide button, so people can check what they typed. */
export function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <Field
      {...props}
      type={visible ? 'text' : 'password'}
      adornment={
        <button
          type="button"
          className="field__toggle"
          aria-pressed={visible}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? 'Hide' : 'Show'}
          <span className="visually-hidden"> password</span>
        </button>
      }
    />
  );
}

/** A message about the whole form, announced when it appears. */
export function FormAlert({
  children,
  tone = 'error',
}: {
  children: ReactNode;
  tone?: 'error' | 'info';
}) {
  return (
    <p className={`form-alert form-alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}

/**
 * A polite live region that is always on the page, so screen readers announce each new message
 * (a region inserted together with its text often goes unread). Empty when there is nothing to say.
 */
export function StatusMessage({ message }: { message: string | null }) {
  return (
    <div role="status" className="status-message">
      {message ? <p className="form-alert form-alert--info">{message}</p> : null}
    </div>
  );
}

type FormFieldProps = BoundField &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'name'> & {
    id?: string;
    className?: string;
  };

/**
 * A field rendered from its description (src/domain/form.ts): label, input type, required
 * marker, hint, choices and suggestions all come from the one place. Its maximum length is checked
 * (lengthProblem), not set on the input, which would cut pasted text without a word. A hidden
 * field renders nothing.
 */
export function FormField({ spec, name, value, error, onChange, ...rest }: FormFieldProps) {
  const listId = useId();
  if (spec.hidden) return null;
  const common = {
    name,
    value,
    error,
    label: spec.label,
    hint: spec.hint,
    required: spec.required,
    autoComplete: spec.autoComplete,
    placeholder: spec.placeholder,
    onChange,
    id: rest.id,
    className: rest.className,
  };
  if (spec.input === 'textarea') return <TextAreaField {...common} />;
  if (spec.input === 'select') {
    return (
      <SelectField {...common} options={spec.options ?? []} placeholder={spec.placeholder ?? ''} />
    );
  }
  const input = { ...common, ...rest };
  if (spec.input === 'password') return <PasswordField {...input} />;
  return (
    <>
      <Field
        {...input}
        type={spec.input}
        inputMode={spec.input === 'number' ? 'numeric' : undefined}
        list={spec.suggestions ? listId : undefined}
      />
      {spec.suggestions ? (
        <datalist id={listId}>
          {spec.suggestions.map((suggestion) => (
            <option key={suggestion} value={suggestion} />
          ))}
        </datalist>
      ) : null}
    </>
  );
}
