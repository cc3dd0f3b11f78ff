import { useEffect, useId, useRef, type KeyboardEvent } from 'react';

/** Asks before a code that may not scan is downloaded; Escape on either button cancels. */
export function ScanWarning({
  verdict,
  onConfirm,
  onCancel,
}: {
  /** Why the scan check doubts the code. */
  verdict: { reason: string };
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => confirmRef.current?.focus(), []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onCancel();
  };
  return (
    <div
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-reason`}
      className="download-panel__warning"
    >
      <p id={`${id}-title`} className="download-panel__warning-title">
        This code may not scan.
      </p>
      <p id={`${id}-reason`}>{verdict.reason}</p>
      <div className="download-panel__actions">
        <button
          ref={confirmRef}
          type="button"
          className="button"
          onClick={onConfirm}
          onKeyDown={onKeyDown}
        >
          Download anyway
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={onCancel}
          onKeyDown={onKeyDown}
        >
          Cancel
        </button>
      </div>
    </div>
  );
}
