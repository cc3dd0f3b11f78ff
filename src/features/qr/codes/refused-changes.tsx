// "These changes could not be saved": the changes to saved codes the server refused after they
// were made (offline, or moments before the person's role changed), kept on this device
// (unsaved-changes.ts) so that nothing typed is lost. Each says what it was and why it was refused,
// from the person's role now, with ways to keep what they typed: copy it, download it, or save it
// as a code of their own. Opening My QR Codes also settles the changes an earlier visit sent.
import { useEffect, useState } from 'react';
import {
  changeKinds,
  refusedBecause,
  unsavedChangeJson,
  type UnsavedChange,
} from '../../../domain/qr/unsaved-change';
import { useAuth } from '../../../lib/auth/session';
import { saveFile } from '../../../lib/save-file';
import { StatusMessage } from '../../../lib/ui/field';
import { savedAt } from '../../../lib/ui/saved-at';
import { useWorkspace, type WorkspaceChoice } from '../../../lib/workspace/workspace';
import { dismissChange, useRefusedChanges } from './unsaved-changes';
import { loadStore, openStore } from './use-saved-codes';
import './saved-codes.css';

/** Why `change` was refused, from the person's role in its workspace now. */
function reasonOf(change: UnsavedChange, uid: string, choices: readonly WorkspaceChoice[]) {
  // One's own account changes no role: the code was changed or deleted elsewhere meanwhile.
  if (change.workspace === uid) {
    return 'it was changed or deleted on another device meanwhile, so the server did not take it';
  }
  const choice = choices.find((candidate) => candidate.id === change.workspace);
  return refusedBecause(
    change.workspaceName,
    choice ? { role: choice.role, ownCodesOnly: choice.member?.ownCodesOnly === true } : null,
  );
}

const fileName = (change: UnsavedChange) =>
  `unsaved-${change.name.replace(/[^\w-]+/g, '-').replace(/^-+|-+$/g, '') || 'code'}.json`;

export function RefusedChanges() {
  const { user } = useAuth();
  const uid = user?.uid ?? null;
  const { choices } = useWorkspace();
  const changes = useRefusedChanges(uid);
  const [said, setSaid] = useState<string | null>(null);

  // The changes an earlier visit sent and never heard back about: settled once the server has
  // answered this device's writes.
  useEffect(() => {
    if (!uid) return;
    void loadStore()
      .then(async ([{ openFirestore, writesAnswered }, , , { settleLeftovers }]) => {
        const db = await openFirestore();
        await settleLeftovers(db, uid, writesAnswered(db));
      })
      .catch((error: unknown) => console.error(error));
  }, [uid]);

  if (!uid || changes.length === 0) return null;
  const own = choices[0];

  const copy = (change: UnsavedChange) =>
    void navigator.clipboard
      ?.writeText(unsavedChangeJson(change))
      .then(() => setSaid(`Copied what “${change.name}” was to save.`))
      .catch(() => setSaid('Copying did not work here: download it instead.'));
  const download = (change: UnsavedChange) =>
    saveFile(new Blob([unsavedChangeJson(change)], { type: 'application/json' }), fileName(change));
  const saveAsOwn = async (change: UnsavedChange) => {
    if (!own || !change.fields) return;
    const store = await openStore(own, uid);
    store.add(change.fields);
    await dismissChange(change.id);
    setSaid(`Saved “${change.name}” to your own codes.`);
  };

  return (
    <section className="panel refused-changes" aria-labelledby="refused-changes-title">
      <h2 id="refused-changes-title">These changes could not be saved</h2>
      <p>
        They are kept on this device until you dismiss them: copy or download what you typed, or
        save it as a code of your own.
      </p>
      <StatusMessage message={said} />
      <ul className="refused-changes__list">
        {changes.map((change) => (
          <li
            key={change.id}
            className="refused-changes__item"
            aria-labelledby={`refused-${change.id}`}
          >
            <p id={`refused-${change.id}`} className="form-alert form-alert--error">
              {changeKinds[change.kind]} to “{change.name}” in{' '}
              {change.workspace === uid ? 'your own codes' : change.workspaceName} (
              {savedAt.format(new Date(change.at))}) could not be saved:{' '}
              {reasonOf(change, uid, choices)}.
            </p>
            <div className="refused-changes__actions">
              {change.fields ? (
                <>
                  <button
                    type="button"
                    className="button button--ghost"
                    aria-describedby={`refused-${change.id}`}
                    onClick={() => copy(change)}
                  >
                    Copy
                  </button>
                  <button
                    type="button"
                    className="button button--ghost"
                    aria-describedby={`refused-${change.id}`}
                    onClick={() => download(change)}
                  >
                    Download
                  </button>
                  {change.workspace !== uid ? (
                    <button
                      type="button"
                      className="button button--ghost"
                      aria-describedby={`refused-${change.id}`}
                      onClick={() => void saveAsOwn(change)}
                    >
                      Save as a code of your own
                    </button>
                  ) : null}
                </>
              ) : null}
              <button
                type="button"
                className="button button--ghost"
                aria-describedby={`refused-${change.id}`}
                onClick={() => void dismissChange(change.id)}
              >
                Dismiss
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
