// The uploaded files of saved codes (the PDF, video, image, audio and menu types), kept on the
// device that saved them as well as on the server (code-uploads.ts): from here a file goes up
// again when the server lacks it (saved offline, a page closed mid-upload, Undo of a delete).
// They live in the drafts' IndexedDB store as a draft of their own per code (draft-storage.ts,
// under the key `<uid>/code/<id>`), so Edit on this device gives them back to the wizard.
import type { QrContent } from '../../../domain/qr/content';
import { draftHasFiles, type QrDraft } from '../../../domain/qr/draft';
import { deleteDraft, loadDraft, saveDraft } from '../draft/draft-storage';

const codeKey = (uid: string, id: string) => `${uid}/code/${id}`;

/**
 * Keeps the draft's uploads for the saved code `id`; nothing is written for a code without. A
 * chosen file that changed on disk since cannot be read again (NotReadableError): then the bytes
 * come from the user's draft as stored on the device (draft-storage.ts), which has them.
 * Never throws: the code is saved whether or not its files could be kept.
 */
export async function keepCodeFiles(uid: string, id: string, draft: QrDraft): Promise<boolean> {
  const filesOf = (from: QrDraft): QrDraft => ({ ...from, design: { ...from.design, logo: null } });
  if (!draftHasFiles(filesOf(draft))) return true;
  try {
    await saveDraft(codeKey(uid, id), filesOf(draft));
    return true;
  } catch (error) {
    console.error(error);
  }
  try {
    const stored = await loadDraft(uid);
    if (!stored || !draftHasFiles(filesOf(stored))) return false;
    await saveDraft(codeKey(uid, id), filesOf(stored));
    return true;
  } catch (error) {
    console.error(error);
    return false;
  }
}

/** The uploads this device keeps for the saved code `id` ({} when none, or storage fails). */
export async function codeFiles(uid: string, id: string): Promise<QrContent['files']> {
  try {
    return (await loadDraft(codeKey(uid, id)))?.content.files ?? {};
  } catch (error) {
    console.error(error);
    return {};
  }
}

/** Removes the uploads of a deleted code from this device. */
export function forgetCodeFiles(uid: string, id: string): Promise<void> {
  return deleteDraft(codeKey(uid, id)).catch((error: unknown) => console.error(error));
}
