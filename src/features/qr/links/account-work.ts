// What an account's background work is, started in one place when someone signs in
// (src/app/account-work.ts) and stopped when they sign out:
// - the short links' syncer works for this account (another account's work is forgotten), so
//   asks for links lost to the network, or made before the server had the code, go on;
// - the uploader works for this account, so uploads of its saved codes' files go on;
// - a link whose file the server lacks gets it from this device, if this device keeps it
//   (code-files.ts): the syncer is given that answer here, and nothing else gives it one.
// Pages only show this work (My QR Codes, the demo page): opening one starts none of it.
import { uploader } from '../uploads/uploader';
import { uploadKeptFiles } from './code-uploads';
import { linkSyncer, type LinkSyncer } from './link-syncer';

/** The parts the work drives: the page's own by default, fakes in tests. */
export interface AccountWorkParts {
  readonly syncer: Pick<LinkSyncer, 'start'>;
  readonly uploads: { forAccount(uid: string): void };
  readonly uploadKept: (uid: string, code: string, workspace: string) => void;
}

const pageParts: AccountWorkParts = {
  syncer: linkSyncer,
  uploads: uploader,
  uploadKept: uploadKeptFiles,
};

/** Starts the account's background work; returns what stops it (on sign-out). */
export function startAccountWork(uid: string, parts: AccountWorkParts = pageParts): () => void {
  parts.uploads.forAccount(uid);
  return parts.syncer.start(uid, {
    onFileMissing: (code, workspace) => parts.uploadKept(uid, code, workspace),
  });
}
