import type { CSSProperties } from 'react';
import {
  cornerCentres,
  cornerFrames,
  findChoice,
  frames,
  gradientStyles,
  patterns,
  type QrDesign,
} from '../../../domain/qr/design';
import sampleQr from '../sample-qr.svg';
import { useObjectUrl } from './use-object-url';

/**
 * The preview until the generator draws the real code: the sample code on the chosen background,
 * and every choice written out, so nothing chosen is hidden or dropped.
 */
export function DesignPreview({ design }: { design: QrDesign }) {
  const logoUrl = useObjectUrl(design.logo);
  const background: CSSProperties = design.transparentBackground
    ? {}
    : {
        background: design.backgroundGradient
          ? `linear-gradient(135deg, ${design.backgroundColor1}, ${design.backgroundColor2})`
          : design.backgroundColor1,
      };
  const frame = findChoice(frames, design.frame);
  const facts: [string, string][] = [
    [
      'Frame',
      `${frame?.label ?? ''}${frame && frame.labelPosition !== 'none' ? ` (“${design.frameText}”)` : ''}`,
    ],
    ['Pattern', `${findChoice(patterns, design.pattern)?.label}, ${colours(design)}`],
    [
      'Background',
      design.transparentBackground
        ? 'Transparent'
        : design.backgroundGradient
          ? `Gradient ${design.backgroundColor1} to ${design.backgroundColor2}`
          : design.backgroundColor1,
    ],
    [
      'Corner frames',
      `${findChoice(cornerFrames, design.cornerFrame)?.label}, ${design.cornerFrameColor}`,
    ],
    [
      'Corner centres',
      `${findChoice(cornerCentres, design.cornerCentre)?.label}, ${design.cornerCentreColor}`,
    ],
    ['Logo', design.logo ? design.logo.name : 'None'],
  ];
  return (
    <aside className="design-preview panel" aria-labelledby="design-preview-title">
      <h2 id="design-preview-title">Preview</h2>
      <div
        className={`design-preview__code${design.transparentBackground ? ' is-transparent' : ''}`}
        style={background}
      >
        <img src={sampleQr} alt="Sample QR code" width="200" height="200" />
        {logoUrl ? <img className="design-preview__logo" src={logoUrl} alt="Your logo" /> : null}
      </div>
      <p className="field__hint">
        A sample code: your own code, drawn with these choices, comes with the generator.
      </p>
      <dl className="design-preview__facts">
        {facts.map(([term, detail]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{detail}</dd>
          </div>
        ))}
      </dl>
    </aside>
  );
}

function colours(design: QrDesign) {
  if (!design.patternGradient) return design.patternColor1;
  const style = findChoice(gradientStyles, design.gradientStyle)?.label.toLowerCase();
  return `gradient ${design.patternColor1} to ${design.patternColor2} (${style})`;
}
