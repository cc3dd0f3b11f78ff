import {
  cornerCentres,
  cornerFrames,
  findChoice,
  frames,
  gradientStyles,
  patterns,
  type QrDesign,
} from '../../../domain/qr/design';
import type { QrDraft } from '../../../domain/qr/draft';
import type { AdviceFix } from '../../../domain/qr/scan-verdict';
import { ScanStatus } from '../check/scan-status';
import { useScanCheck } from '../check/use-scan-check';
import { CodePicture } from '../render/code-picture';
import { useCode } from '../render/use-code';

/**
 * The live preview: the real code, drawn with every choice as it is made, and every choice written
 * out beside it.
 */
export function DesignPreview({
  draft,
  onFix,
}: {
  draft: QrDraft;
  onFix: (patch: AdviceFix['patch']) => void;
}) {
  const { design } = draft;
  const code = useCode(draft, 'preview');
  const check = useScanCheck(code, design);
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
      <CodePicture
        state={code}
        label={code.status === 'ready' ? `Your QR code: ${code.text}` : 'Your QR code'}
        transparent={design.transparentBackground}
      />
      {code.status === 'ready' ? <ScanStatus check={check} onFix={onFix} /> : null}
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
