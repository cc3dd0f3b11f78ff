// Saving the wizard's draft to a workspace's codes: what 'Save to My QR Codes' does, and what
// emailing a code does first (the server emails only saved codes, drawn from what is saved). The
// workspace (a new code goes to the one the person works in; an edited code's changes to the one
// it is saved in), the code's fields, the checks the rules would make, the write (offline-first:
// it returns at once and reaches the server when it can), the password and the files. Settles once
// the code is safe on this device; throws a SavedCodeError with words to show, writing nothing,
// when it cannot be saved.
import { draftHasFiles, ownFiles, type QrDraft } from '../../../domain/qr/draft';
import { codeDestination } from '../../../domain/qr/dynamic';
import { UNVERIFIED_MESSAGE } from '../../../domain/qr/link-policy';
import {
  SAVED_CODES_MAX,
  SavedCodeError,
  savedFields,
  TOO_MANY_CODES_MESSAGE,
  type SavedCodeFields,
} from '../../../domain/qr/saved-code';
import type { SessionUser } from '../../../lib/auth/session';
import type { WorkspaceChoice } from '../../../lib/workspace/workspace';
import type { Wizard } from '../draft/wizard-store';
import { keepCodeFiles } from '../links/code-files';
import { hostedFiles, uploadCodeFiles } from '../links/code-uploads';
import { linkSyncer } from '../links/link-syncer';
import { logoThumbnail } from './logo-thumbnail';
import { saveInto } from './save-into';
import { openStore } from './use-saved-codes';

/**
 * Saves `draft` by `user` into the workspace `into` (saveInto says which): as changes to the code
 * it edits, or (`asNew`, or no code edited) as a new code. Returns the code's id, the fields saved
 * and the workspace's id.
 */
export async function saveDraft(
  draft: QrDraft,
  user: SessionUser,
  asNew: boolean,
  into: { readonly id: string; readonly name: string },
): Promise<{ id: string; fields: SavedCodeFields; workspace: string }> {
  const workspace = into.id;
  const { editing } = draft;
  const logo = draft.design.logo ? await logoThumbnail(draft.design.logo) : null;
  const fields = savedFields(draft, draft.content.text.qrName, {
    logo,
    hosted: await hostedFiles(ownFiles(draft)),
  });
  // The rules would refuse it; say why here rather than lose the code on the server.
  if (fields.dynamic && !user.emailVerified) {
    throw new SavedCodeError('unverified', UNVERIFIED_MESSAGE);
  }
  const target = fields.dynamic ? codeDestination(fields, window.location.origin) : null;
  if (target && !target.ok) {
    throw new SavedCodeError('bad-target', `A short link cannot lead there. ${target.message}`);
  }
  const store = await openStore(into, user.uid);
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
  if (fields.passwordProtected && password) {
    linkSyncer.setPassword(id, password, false, workspace);
  }
  if (draftHasFiles({ ...draft, design: { ...draft.design, logo: null } })) {
    await keepCodeFiles(user.uid, id, draft);
    // Uploaded already at the content step, or now: the link is asked for again at its end.
    uploadCodeFiles(id, ownFiles(draft), workspace);
  }
  // "Saved" is said, and the draft may end, only once the code is safe on this device.
  await store.kept(id);
  return { id, fields, workspace };
}

/**
 * Saves the wizard's code before it is emailed, and returns its id: the code it edits, or a new
 * one, which the draft then edits, so that saving or emailing it again changes that code rather
 * than adding copies. Only `editing` changes: the code's content and what the page draws stay as
 * they are (a change there would redraw the code, and the email form with it, mid-send). So the
 * new `editing` names no hosted files either: the draft still has its files on this device.
 */
export async function saveForMail(
  wizard: Wizard,
  user: SessionUser,
  current: WorkspaceChoice,
  choices: readonly WorkspaceChoice[],
): Promise<{ id: string; workspace: string }> {
  const into = saveInto(wizard.draft, false, current, choices);
  if (!into.ok) throw new SavedCodeError('not-allowed', into.message);
  const { id, fields, workspace } = await saveDraft(wizard.draft, user, false, into.workspace);
  wizard.update((draft) =>
    draft.editing
      ? draft
      : {
          ...draft,
          editing: {
            id,
            name: fields.name,
            dynamic: fields.dynamic,
            linkId: null,
            passwordProtected: fields.passwordProtected,
            workspace,
          },
        },
  );
  return { id, workspace };
}
