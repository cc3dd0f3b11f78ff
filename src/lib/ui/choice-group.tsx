import type { ReactNode } from 'react';
import type { Choice } from '../../domain/qr/design';
import './choice-group.css';

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
