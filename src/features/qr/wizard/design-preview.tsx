import {
  cornerCentres,
  cornerFrames,
  findChoice,
  frames,
  gradientStyles,
  patterns,
  type QrDesign,
} from '../../../domain/qr/design';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { QrDraft } from '../../../domain/qr/draft';
import type { AdviceFix } from '../../../domain/qr/design-advice';
import { ScanStatus } from '../check/scan-status';
import { useCheckedCode } from '../check/use-scan-check';
import { CodePicture } from '../render/code-picture';
import type { RenderedCode } from '../render/render-code';
import type { CodeState } from '../render/use-code';
import type { ScanCheckState } from '../check/use-scan-check';
import './design-preview.css';

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
  const { code, check } = useCheckedCode(draft, 'preview');
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
  const aside = useRef<HTMLElement>(null);
  const outOfView = useOutOfView(aside);
  return (
    <>
      <aside ref={aside} className="design-preview panel" aria-labelledby="design-preview-title">
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
      <PreviewBar code={code} check={check} shown={outOfView} />
    </>
  );
}

/**
 * On a phone the preview sits above the options: once it has scrolled away, a small copy of the
 * code with its verdict stays at the top of the screen, so each choice's effect stays in sight.
 * A visual echo only (the full verdict above is what screen readers hear); hidden on wide
 * screens, where the whole preview stays beside the options.
 */
function PreviewBar({
  code,
  check,
  shown,
}: {
  code: CodeState;
  check: ScanCheckState;
  shown: boolean;
}) {
  // While a new drawing is on its way (the content changed), the last one stays in the bar
  // rather than leaving it blank.
  const [last, setLast] = useState<RenderedCode | null>(null);
  const drawn = code.status === 'ready' ? code.code : null;
  if (drawn && drawn !== last) setLast(drawn);
  const ready = drawn ?? last;
  // The SVG text is made only while the bar shows.
  const source = useMemo(
    () =>
      shown && ready ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(ready.svg)}` : null,
    [shown, ready],
  );
  const { verdict, checking } = check;
  return (
    <div className={`design-preview-bar${shown ? ' is-shown' : ''}`} aria-hidden="true">
      <div
        className={`design-preview-bar__card${verdict ? ` design-preview-bar__card--${verdict.status}` : ''}`}
      >
        {source ? <img src={source} alt="" width={56} height={56} /> : null}
        <p>
          <strong>{verdict ? verdict.label : 'Checking…'}</strong>
          {checking && verdict ? <span> checking again…</span> : null}
        </p>
      </div>
    </div>
  );
}

/** Whether the element has scrolled up out of the viewport (below the site's header). */
function useOutOfView(element: React.RefObject<HTMLElement | null>) {
  const [out, setOut] = useState(false);
  useEffect(() => {
    const target = element.current;
    if (!target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry) setOut(!entry.isIntersecting && entry.boundingClientRect.top < 0);
      },
      // Counted as gone once no more than its last 80 px show.
      { rootMargin: '-80px 0px 0px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return out;
}

function colours(design: QrDesign) {
  if (!design.patternGradient) return design.patternColor1;
  const style = findChoice(gradientStyles, design.gradientStyle)?.label.toLowerCase();
  return `gradient ${design.patternColor1} to ${design.patternColor2} (${style})`;
}
