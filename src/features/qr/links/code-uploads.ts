// The files of saved codes on their way to the server (uploads/uploader.ts): a saved code names
// each by its hash (saved-code.ts `hosted`), and its short link is made once the server holds them
// (the server answers 'file-missing' until then). Whoever has the file uploads it: the page that
// saved the code, or My QR Codes on the device that keeps a copy (code-files.ts) when the server
// says it lacks one (a save made offline, a page closed mid-upload, an Undo after the server let
// go of a deleted code's file; account-work.ts gives the syncer that answer). Each upload's end
// asks for the code's link again.
import type { FileFieldId, QrContent } from '../../../domain/qr/content';
import type { HostedFile, HostedFiles } from '../../../domain/qr/hosting';
import { HOSTED_NAME_MAX } from '../../../domain/qr/saved-code';
import { uploader } from '../uploads/uploader';
import { codeFiles } from './code-files';
import { linkSyncer } from './link-syncer';

const chosen = (files: QrContent<unknown>['files']) =>
  (Object.entries(files) as [FileFieldId, unknown][]).filter(
    (entry): entry is [FileFieldId, File] => entry[1] instanceof File,
  );

/** The draft's uploads as the code will name them: hashed here, without waiting for the upload. */
export async function hostedFiles(files: QrContent<unknown>['files']): Promise<HostedFiles> {
  const hosted: Partial<Record<FileFieldId, HostedFile>> = {};
  for (const [field, file] of chosen(files)) {
    hosted[field] = {
      sha256: await uploader.hashOf(file),
      name: file.name.slice(0, HOSTED_NAME_MAX) || 'file',
      size: file.size,
      type: file.type.slice(0, 100),
    };
  }
  return hosted;
}

/**
 * Uploads the code's files for the workspace it is saved in (joining uploads under way); each end
 * asks for its link again.
 */
export function uploadCodeFiles(
  code: string,
  files: QrContent<unknown>['files'],
  workspace: string,
) {
  for (const [field, file] of chosen(files)) {
    uploader.upload(file, field, workspace).then(
      () => linkSyncer.retry(code),
      // The upload says why in the list (its state); the link keeps saying it waits for the file.
      () => undefined,
    );
  }
}

/**
 * Uploads the files this device keeps for `uid`'s code (code-files.ts), if it keeps any, to the
 * workspace the code is saved in.
 */
export const uploadKeptFiles = (uid: string, code: string, workspace: string) =>
  void codeFiles(uid, code).then((files) => uploadCodeFiles(code, files, workspace));
