import { useId, type ReactNode } from 'react';
import { brandColors, type Choice } from '../../../domain/qr/design';

/**
 * A set of choices as a real radio group: arrow keys move between them, the chosen one is marked
 * visibly and to assistive technology. Each choice can show a small picture of itself.
 */
export function ChoiceGroup<Id extends string, C extends Choice<Id> = Choice<Id>>({
  legend,
  name,
  choices,
  value,
  onChange,
  picture,
  compact = false,
}: {
  legend: string;
  name: string;
  choices: readonly C[];
  value: Id;
  onChange: (id: Id) => void;
  /** The choice's own entry is given, so a picture is drawn from its data. */
  picture?: (choice: C) => ReactNode;
  compact?: boolean;
}) {
  return (
    <fieldset className={`choice-group${compact ? ' choice-group--compact' : ''}`}>
      <legend>{legend}</legend>
      <div className="choice-group__options">
        {choices.map((choice) => (
          <label key={choice.id} className="choice">
            <input
              type="radio"
              name={name}
              value={choice.id}
              checked={choice.id === value}
              onChange={() => onChange(choice.id)}
            />
            {picture ? (
              <span className="choice__picture" aria-hidden="true">
                {picture(choice)}
              </span>
            ) : null}
            <span className="choice__label">{choice.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A colour picker with its value written out. */
export function ColorField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (color: string) => void;
}) {
  const id = useId();
  return (
    <div className="color-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="color"
        value={value.toLowerCase()}
        onChange={(event) => onChange(event.target.value.toUpperCase())}
        list={BRAND_COLORS_LIST}
      />
      <output htmlFor={id} className="color-field__value">
        {value.toUpperCase()}
      </output>
    </div>
  );
}

const BRAND_COLORS_LIST = 'brand-colors';

/** The brand's colours as swatches in every colour picker (rendered once per page). */
export function BrandColors() {
  return (
    <datalist id={BRAND_COLORS_LIST}>
      {brandColors.map((color) => (
        <option key={color.id} value={color.id.toLowerCase()} label={color.label} />
      ))}
    </datalist>
  );
}

/** Colour 1, and colour 2 with a swap while a gradient uses it (`second` is null otherwise). */
export function ColorPair({
  name,
  first,
  second,
  onFirst,
  onSecond,
  onSwap,
}: {
  name: 'Pattern' | 'Background';
  first: string;
  second: string | null;
  onFirst: (color: string) => void;
  onSecond: (color: string) => void;
  onSwap: () => void;
}) {
  return (
    <div className="design-colors">
      <ColorField label={`${name} colour 1`} value={first} onChange={onFirst} />
      {second === null ? null : (
        <>
          <ColorField label={`${name} colour 2`} value={second} onChange={onSecond} />
          <button type="button" className="button button--ghost" onClick={onSwap}>
            Swap {name.toLowerCase()} colours
          </button>
        </>
      )}
    </div>
  );
}

/** An on/off option: a checkbox, the control people know. */
export function Toggle({
  label,
  checked,
  onChange,
  hint,
}: {
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className="toggle">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
