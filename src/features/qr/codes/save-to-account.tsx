// 'Save to My QR Codes' on the demo page: the code goes to the user's saved codes (Firestore,
// offline-first: it shows at once and syncs when it can; nothing here waits for the server), the
// draft ends, and My QR Codes opens with the code on top. A draft reopened from My QR Codes
// (Edit) saves its changes to that same code, or as a new one. The file types' uploads go to the
// server (code-uploads.ts), named in the code by their hash; this device keeps a copy
// (code-files.ts), to upload again should the server lack it.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { SavedCodeError } from '../../../domain/qr/saved-code';
import { preloadPage } from '../../../lib/page-preload';
import { useAuth } from '../../../lib/auth/session';
import { FormAlert } from '../../../lib/ui/field';
import {
  chooseWorkspace,
  useWorkspace,
  type WorkspaceChoice,
} from '../../../lib/workspace/workspace';
import type { Wizard } from '../draft/wizard-store';
import { saveDraft } from './save-draft';
import { saveInto } from './save-into';
import { loadStore } from './use-saved-codes';

/** What My QR Codes is told after a save, to say it. */
export interface SavedNotice {
  readonly savedName: string;
  /** An existing code was changed (Edit), not a new one added. */
  readonly updated?: boolean;
  /** A dynamic code saved while offline: its short link is made once it reaches the server. */
  readonly linkWhenOnline?: boolean;
}

/** The sentence My QR Codes shows after a save. */
export const savedMessage = ({ savedName, updated, linkWhenOnline }: SavedNotice) =>
  (updated ? `Saved your changes to “${savedName}”.` : `Saved “${savedName}” to My QR Codes.`) +
  (linkWhenOnline
    ? ' You are offline: its short link is made when you are back online, and the page says so.'
    : '');

export function SaveToAccount({ wizard }: { wizard: Wizard }) {
  const { user } = useAuth();
  const { current, choices } = useWorkspace();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { editing } = wizard.draft;
  // Fetched ahead, with the page that follows, so saving works at once, offline too.
  useEffect(() => {
    void loadStore().catch(() => undefined);
    preloadPage(paths.qrDashboard);
  }, []);

  const save = async (asNew: boolean, into: WorkspaceChoice) => {
    if (busy || !user) return;
    setBusy(true);
    setProblem(null);
    try {
      // The draft ends, and "Saved" shows, only once the code is safe on this device.
      const { fields } = await saveDraft(wizard.draft, user, asNew, into);
      wizard.startOver();
      const notice: SavedNotice = {
        savedName: fields.name,
        updated: Boolean(editing && !asNew),
        linkWhenOnline: fields.dynamic && !navigator.onLine,
      };
      // My QR Codes shows the workspace the code went to.
      if (into.id !== current?.id) chooseWorkspace(into.id);
      void navigate(paths.qrDashboard, { state: notice });
    } catch (error) {
      if (!(error instanceof SavedCodeError)) console.error(error);
      setProblem(
        error instanceof SavedCodeError
          ? error.message
          : 'Your code could not be saved. Check your connection, then try again.',
      );
      setBusy(false);
    }
  };

  // Until the workspaces are known (a moment after sign-in) there is nowhere to save to yet.
  const changes = current ? saveInto(wizard.draft, false, current, choices) : null;
  const asNew = current ? saveInto(wizard.draft, true, current, choices) : null;
  const own = choices[0] ?? null;
  const inTeam = (into: WorkspaceChoice) => into.id !== own?.id;
  const saveLabel = (into: WorkspaceChoice) =>
    editing ? 'Save changes' : inTeam(into) ? `Save to ${into.name}` : 'Save to My QR Codes';

  return (
    <div className="qr-demo__save">
      <h3 className="qr-demo__subtitle">Keep it in your account</h3>
      {editing ? (
        <p>
          This is “{editing.name}” from My QR Codes: save your changes to it, or keep both as two
          codes. Saving ends this draft.
        </p>
      ) : (
        <p>
          Saved codes are listed in My QR Codes on every device you sign in on; saving ends this
          draft.
          {current && inTeam(current) ? ` It is saved to ${current.name}, for its team.` : ''}
        </p>
      )}
      {changes && !changes.ok ? <FormAlert tone="info">{changes.message}</FormAlert> : null}
      <div className="qr-demo__save-actions">
        {changes?.ok ? (
          <button
            type="button"
            className="button"
            onClick={() => void save(false, changes.workspace)}
            aria-disabled={busy}
          >
            {saveLabel(changes.workspace)}
          </button>
        ) : null}
        {editing && asNew?.ok ? (
          <button
            type="button"
            className={changes?.ok ? 'button button--ghost' : 'button'}
            onClick={() => void save(true, asNew.workspace)}
            aria-disabled={busy}
          >
            Save as a new code
          </button>
        ) : null}
        {own && changes && !changes.ok && !(editing && asNew?.ok) ? (
          <button
            type="button"
            className="button"
            onClick={() => void save(true, own)}
            aria-disabled={busy}
          >
            Save to your own codes
          </button>
        ) : null}
      </div>
      {problem ? <FormAlert>{problem}</FormAlert> : null}
    </div>
  );
}
