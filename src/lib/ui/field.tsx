import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import './field.css';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** Shown under the input and announced with it; marks the input invalid. */
  error?: string;
  hint?: ReactNode;
  /** Something to place beside the input, such as a show-password button. */
  adornment?: ReactNode;
}

/** A labelled input whose hint and error are tied to it for assistive technology. */
export function Field({ label, error, hint, adornment, id, className, ...input }: FieldProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={inputId}>{label}</label>
      <div className="field__control">
        <input
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
        {adornment}
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

type EmailFieldProps = Omit<FieldProps, 'label' | 'type' | 'onChange'> & {
  onValue: (value: string) => void;
};

/** The email input every account and contact form uses. */
export function EmailField({ onValue, ...props }: EmailFieldProps) {
  return (
    <Field
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      required
      {...props}
      onChange={(event) => onValue(event.target.value)}
    />
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
