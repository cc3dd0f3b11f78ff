// Download of a saved code from My QR Codes: a modal dialog with the code drawn at full size, the
// live scan check (a code that may not scan asks before it is downloaded, as on the demo page)
// and the download panel's formats. Closed by its button, Escape, or a click outside; focus goes
// back to the Download button that opened it.
import { X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef } from 'react';
import { draftFromSaved, type SavedCode } from '../../../domain/qr/saved-code';
import { ScanStatus } from '../check/scan-status';
import { useCheckedCode } from '../check/use-scan-check';
import { CodePicture } from '../render/code-picture';
import { DownloadPanel } from '../render/download-panel';

export function SavedCodeDownload({
  code,
  linkId,
  onClose,
}: {
  code: SavedCode;
  /** The short link of a dynamic code (offered for download only once it works). */
  linkId: string | null;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const draft = useMemo(() => draftFromSaved(code, 'demo', {}, linkId), [code, linkId]);
  const { code: state, check } = useCheckedCode(draft, `download-${code.id}`);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    element.showModal();
    return () => element.close();
  }, []);

  return (
    // A click on the backdrop lands on the dialog itself: it closes, like Escape.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialog}
      className="saved-download"
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) dialog.current?.close();
      }}
    >
      <div className="saved-download__body">
        <div className="saved-download__head">
          <h2 id={titleId}>Download “{code.name}”</h2>
          <button
            type="button"
            className="button button--ghost saved-download__close"
            onClick={() => dialog.current?.close()}
          >
            <X aria-hidden="true" size={18} /> Close
          </button>
        </div>
        <CodePicture
          state={state}
          label={`QR code ${code.name}`}
          transparent={draft.design.transparentBackground}
        />
        {state.status === 'ready' ? (
          <div className="saved-download__get">
            <ScanStatus check={check} />
            <DownloadPanel
              code={state.code}
              name={code.name}
              verdict={check.verdict}
              checking={check.checking}
            />
          </div>
        ) : null}
      </div>
    </dialog>
  );
}
