import { useId } from 'react';
import { brandColors } from '../../../domain/qr/design';

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
