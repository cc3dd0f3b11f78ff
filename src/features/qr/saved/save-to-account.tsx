// 'Save to My QR Codes' on the demo page: the code goes to the user's saved codes (Firestore,
// offline-first: it shows at once and syncs when it can; nothing here waits for the server), the
// draft ends, and My QR Codes opens with the code on top. A draft reopened from My QR Codes
// (Edit) saves its changes to that same code, or as a new one. The file types' uploads go to the
// server (code-uploads.ts), named in the code by their hash; this device keeps a copy
// (code-files.ts), to upload again should the server lack it.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { draftHasFiles } from '../../../domain/qr/draft';
import { codeDestination } from '../../../domain/qr/dynamic';
import { UNVERIFIED_MESSAGE } from '../../../domain/qr/link-policy';
import {
  SAVED_CODES_MAX,
  SavedCodeError,
  savedFields,
  TOO_MANY_CODES_MESSAGE,
} from '../../../domain/qr/saved-code';
import { preloadPage } from '../../../lib/page-preload';
import { useAuth } from '../../../lib/auth/session';
import { FormAlert } from '../../../lib/ui/field';
import type { Wizard } from '../draft/wizard-store';
import { keepCodeFiles } from './code-files';
import { hostedFiles, uploadCodeFiles } from './code-uploads';
import { linkSyncer } from './link-syncer';
import { logoThumbnail } from './logo-thumbnail';
import { loadStore, openStore } from './use-saved-codes';

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
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { editing } = wizard.draft;
  // Fetched ahead, with the page that follows, so saving works at once, offline too.
  useEffect(() => {
    void loadStore().catch(() => undefined);
    preloadPage(paths.qrDashboard);
  }, []);

  const save = async (asNew: boolean) => {
    if (busy || !user) return;
    setBusy(true);
    setProblem(null);
    try {
      const { draft } = wizard;
      const logo = draft.design.logo ? await logoThumbnail(draft.design.logo) : null;
      const fields = savedFields(draft, draft.content.text.qrName, {
        logo,
        hosted: await hostedFiles(draft.content.files),
      });
      // The rules would refuse it; say why here rather than lose the code on the server.
      if (fields.dynamic && !user.emailVerified) {
        throw new SavedCodeError('unverified', UNVERIFIED_MESSAGE);
      }
      const target = fields.dynamic ? codeDestination(fields, window.location.origin) : null;
      if (target && !target.ok) {
        throw new SavedCodeError('bad-target', `A short link cannot lead there. ${target.message}`);
      }
      const store = await openStore(user.uid);
      // The rules would refuse a code past the limit: say so here, keeping the draft.
      if ((!editing || asNew) && (await store.count()) >= SAVED_CODES_MAX) {
        throw new SavedCodeError('too-many-codes', TOO_MANY_CODES_MESSAGE);
      }
      let id: string;
      if (editing && !asNew) {
        // A dynamic code stays dynamic: printed copies use its short link.
        store.update(
          editing.id,
          { ...fields, dynamic: fields.dynamic || editing.dynamic },
          editing.dynamic,
        );
        id = editing.id;
      } else {
        id = store.add(fields);
      }
      // A new password goes to the server on its own once the code's link exists; it is never
      // saved with the code.
      const password = draft.content.text.password;
      if (fields.passwordProtected && password) linkSyncer.setPassword(id, password, false);
      if (draftHasFiles({ ...draft, design: { ...draft.design, logo: null } })) {
        await keepCodeFiles(user.uid, id, draft);
        // Uploaded already at the content step, or now: the link is asked for again at its end.
        uploadCodeFiles(id, draft.content.files);
      }
      // The draft ends, and "Saved" shows, only once the code is safe on this device.
      await store.kept(id);
      wizard.startOver();
      const notice: SavedNotice = {
        savedName: fields.name,
        updated: Boolean(editing && !asNew),
        linkWhenOnline: fields.dynamic && !navigator.onLine,
      };
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
        </p>
      )}
      <div className="qr-demo__save-actions">
        <button
          type="button"
          className="button"
          onClick={() => void save(false)}
          aria-disabled={busy}
        >
          {editing ? 'Save changes' : 'Save to My QR Codes'}
        </button>
        {editing ? (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => void save(true)}
            aria-disabled={busy}
          >
            Save as a new code
          </button>
        ) : null}
      </div>
      {problem ? <FormAlert>{problem}</FormAlert> : null}
    </div>
  );
}
