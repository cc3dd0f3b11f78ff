// 'Save to My QR Codes' on the demo page: the code goes to the user's saved codes (Firestore,
// offline-first: it shows at once and syncs when it can; nothing here waits for the server), the
// draft ends, and My QR Codes opens with the code on top.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { SavedCodeError, savedFields } from '../../../domain/qr/saved-code';
import { useAuth } from '../../../lib/auth/session';
import { FormAlert } from '../../../lib/ui/field';
import { accountPaths } from '../account/account-area';
import type { Wizard } from '../wizard/wizard-store';
import { logoThumbnail } from './logo-thumbnail';

/** What My QR Codes is told after a save, to say it. */
export interface SavedNotice {
  readonly savedName: string;
}

const loadStore = () =>
  Promise.all([import('../../../lib/firestore/firestore-core'), import('./saved-codes')]);

export function SaveToAccount({ wizard }: { wizard: Wizard }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // Fetched ahead, with the page that follows, so saving works at once, offline too.
  useEffect(() => {
    void loadStore().catch(() => undefined);
    void import('../account/dashboard-page').catch(() => undefined);
  }, []);

  const save = async () => {
    if (busy || !user) return;
    setBusy(true);
    setProblem(null);
    try {
      const { draft } = wizard;
      const logo = draft.design.logo ? await logoThumbnail(draft.design.logo) : null;
      const fields = savedFields(draft, draft.content.text.qrName, { logo, dynamicId: null });
      const [{ openFirestore }, { saveNewCode }] = await loadStore();
      const { written } = saveNewCode(await openFirestore(), user.uid, fields);
      // The listing shows it at once; a refusal by the server rolls it back there.
      written.catch((error: unknown) => console.error(error));
      wizard.startOver();
      const notice: SavedNotice = { savedName: fields.name };
      void navigate(accountPaths.dashboard, { state: notice });
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
      <p>
        Saved codes are listed in My QR Codes on every device you sign in on; saving ends this
        draft.
      </p>
      <button type="button" className="button" onClick={() => void save()} aria-disabled={busy}>
        Save to My QR Codes
      </button>
      {problem ? <FormAlert>{problem}</FormAlert> : null}
    </div>
  );
}
