// What the live scan check says of the code: 'Scans', 'May not scan' or 'Risky', the reason in
// plain words, and one-click fixes that change the design.
import { CircleCheck, CircleExclamationPoint, TriangleExclamationPoint } from 'lucide-react';
import { useId } from 'react';
import type { AdviceFix } from '../../../domain/qr/design-advice';
import type { ScanCheckState } from './use-scan-check';
import './scan-status.css';

const icons = {
  scans: CircleCheck,
  'may-not-scan': CircleExclamationPoint,
  risky: TriangleExclamationPoint,
} as const;

export function ScanStatus({
  check,
  onFix,
  headingLevel = 3,
}: {
  check: ScanCheckState;
  /** Applies a fix to the design; without it the fixes are not offered (the demo page). */
  onFix?: (patch: AdviceFix['patch']) => void;
  /** The level of its 'Scan check' heading in the page's outline. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { verdict, checking, unavailable, findingFix } = check;
  const titleId = useId();
  const Icon = verdict ? icons[verdict.status] : null;
  return (
    <section
      className={`scan-status${verdict ? ` scan-status--${verdict.status}` : ''}`}
      aria-labelledby={titleId}
    >
      <Heading id={titleId} className="scan-status__title">
        Scan check
      </Heading>
      <div role="status" className="scan-status__verdict">
        {verdict && Icon ? (
          <>
            <p className="scan-status__label">
              <Icon aria-hidden="true" size={20} />
              <strong>{verdict.label}</strong>
              {checking ? <span className="scan-status__checking"> (checking again…)</span> : null}
            </p>
            <p className="scan-status__reason">{verdict.reason}</p>
            {findingFix && onFix ? (
              <p className="scan-status__reason">Looking for a change that makes it scan…</p>
            ) : null}
            {unavailable ? (
              <p className="scan-status__reason">
                The readers could not run in this browser, so this rests on the colours alone.
              </p>
            ) : null}
          </>
        ) : (
          <p className="scan-status__label">Checking that your code scans…</p>
        )}
      </div>
      {verdict && onFix && verdict.fixes.length > 0 ? (
        <div className="scan-status__fixes">
          {verdict.fixes.map((fix) => (
            <button
              key={fix.label}
              type="button"
              className="button button--ghost"
              onClick={() => onFix(fix.patch)}
            >
              {fix.label}
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}
