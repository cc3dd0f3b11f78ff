import { useState } from 'react';
import {
  designRules,
  findChoice,
  gradientStyles,
  patterns,
  type QrDesign,
} from '../../../domain/qr/design';
import { ChoiceGroup } from '../../../lib/ui/choice-group';
import { ColorPair, Toggle } from './design-controls';
import { PatternPicture } from './design-pictures';

/** Changes the design by a recipe of the current one (a rule of designRules, or a patch). */
export type ChangeDesign = (recipe: (current: QrDesign) => QrDesign) => void;
/** Sets one option of the design. */
export type SetDesign = <K extends keyof QrDesign>(key: K) => (value: QrDesign[K]) => void;

/**
 * The pattern's style and colours, and its gradient: the gradient's styles are listed behind a
 * button, closed again when the gradient is turned off.
 */
export function PatternOptions({
  design,
  set,
  change,
}: {
  design: QrDesign;
  set: SetDesign;
  change: ChangeDesign;
}) {
  const [stylesOpen, setStylesOpen] = useState(false);
  const styleLabel = findChoice(gradientStyles, design.gradientStyle)?.label;
  return (
    <>
      <ChoiceGroup
        legend="Pattern style"
        name="pattern"
        choices={patterns}
        value={design.pattern}
        onChange={set('pattern')}
        picture={(choice) => <PatternPicture pattern={choice.id} />}
      />
      <ColorPair
        name="Pattern"
        first={design.patternColor1}
        second={design.patternGradient ? design.patternColor2 : null}
        onFirst={set('patternColor1')}
        onSecond={set('patternColor2')}
        onSwap={() => change(designRules.swapPatternColors())}
      />
      <Toggle
        label="Gradient pattern"
        checked={design.patternGradient}
        onChange={(on) => {
          change(designRules.setPatternGradient(on));
          if (!on) setStylesOpen(false);
        }}
      />
      {design.patternGradient ? (
        <div className="gradient-style">
          <button
            type="button"
            className="button button--ghost"
            aria-expanded={stylesOpen}
            aria-controls="gradient-styles"
            onClick={() => setStylesOpen((shown) => !shown)}
          >
            Gradient style: {styleLabel}
          </button>
          <div id="gradient-styles" hidden={!stylesOpen}>
            <ChoiceGroup
              legend="Gradient style"
              name="gradientStyle"
              choices={gradientStyles}
              value={design.gradientStyle}
              onChange={set('gradientStyle')}
            />
          </div>
        </div>
      ) : null}
    </>
  );
}
