// What a chosen file's first bytes say it is, checked before it is taken: a file with a false
// extension (a Word document named menu.pdf, a web page named song.mp3) is refused in the form,
// with the same words the server would use (it checks again: file-signatures.ts is shared).
import type { FileKindId } from '../../../domain/qr/files';
import {
  acceptsType,
  SNIFF_BYTES,
  sniffType,
  wrongContentMessage,
} from '../../../domain/qr/file-signatures';

/** Why `file` is not what `kind` takes, by its content; undefined when it is (or unreadable). */
export async function contentProblem(file: File, kind: FileKindId): Promise<string | undefined> {
  let head: Uint8Array;
  try {
    head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  } catch {
    // Unreadable here: the upload says so, and the server checks the bytes anyway.
    return undefined;
  }
  const type = sniffType(head);
  return type !== null && acceptsType(kind, type)
    ? undefined
    : wrongContentMessage(file.name, kind, type);
}
