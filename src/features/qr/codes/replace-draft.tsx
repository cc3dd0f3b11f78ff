// Edit on a saved code while the wizard holds another, unfinished one: the user chooses whether
// the saved code replaces it.
import type { SavedCode } from '../../../domain/qr/saved-code';

export function ReplaceDraft({
  code,
  draftName,
  ready,
  onReplace,
  onKeep,
}: {
  code: SavedCode;
  draftName: string;
  ready: boolean;
  onReplace: () => void;
  onKeep: () => void;
}) {
  return (
    <div className="saved-codes__confirm" role="group" aria-label={`Edit ${code.name}`}>
      <p>Your unfinished code{draftName ? ` “${draftName}”` : ''} will be replaced by this one.</p>
      <button type="button" className="button" onClick={onReplace} disabled={!ready}>
        Replace it
      </button>
      <button type="button" className="button button--ghost" onClick={onKeep}>
        Keep it
      </button>
    </div>
  );
}
