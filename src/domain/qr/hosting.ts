// Files hosted for the file types' codes (PDF, Video, Images, MP3, Menu): what the page, the
// upload API and the short links agree on. A file is known by the SHA-256 of its bytes (lowercase
// hex), per owner: the same file chosen twice, or for two codes, is stored once, and the address
// that serves it names its hash, so a cached copy can never be a stale one.
//
// Uploads go through the Cloud Function `files` in chunks of CHUNK_BYTES (the last one shorter):
//   POST /api/files {"sha256", "size", "name", "field"}  starts or resumes: UploadAnswer
//   PUT  /api/files/<sha256>?offset=<n>  (body: the bytes from n)  adds one chunk: UploadAnswer
// both with `Authorization: Bearer <Firebase ID token>` of an account with a verified email.
// The server checks the size against the field's kind and the file's first bytes against what
// the kind accepts (file-signatures.ts), and the whole file's hash once the last chunk is in.
import { fileFields, type FileFieldId } from './content';

export const FILES_API_PATH = '/api/files';

/**
 * Bytes per chunk: one Firestore document each (under its 1 MiB limit with room to spare), and
 * far under the 32 MB a Cloud Function accepts or answers at once.
 */
export const CHUNK_BYTES = 768 * 1024;

/** The most a file answer carries at once: larger files go out in ranges (206). */
export const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

/** What all of an account's hosted files may add up to. */
export const HOSTING_QUOTA_BYTES = 1024 * 1024 * 1024;

export const SHA256_HEX = /^[0-9a-f]{64}$/;

/** A hosted file as a saved code names it. */
export interface HostedFile {
  readonly sha256: string;
  /** The name it was chosen with (shown, and offered when it is downloaded). */
  readonly name: string;
  readonly size: number;
  /** Its media type as the browser said; the server serves the type it found in the bytes. */
  readonly type: string;
}

/** The hosted files of a code, by upload field. */
export type HostedFiles = Readonly<Partial<Record<FileFieldId, HostedFile>>>;

export type UploadProblem =
  | 'unauthenticated'
  | 'unverified'
  | 'bad-request'
  | 'too-large'
  | 'wrong-content'
  | 'quota'
  | 'offset'
  | 'hash-mismatch'
  /** The account's trial or plan has ended: new files wait for a plan (billing.ts). */
  | 'plan-needed'
  | 'unavailable';

export type UploadAnswer =
  | {
      readonly ok: true;
      /** Bytes the server holds, from the start: the next chunk starts here. */
      readonly received: number;
      readonly complete: boolean;
    }
  | {
      readonly ok: false;
      readonly problem: UploadProblem;
      readonly message: string;
      /** With 'offset': where the server's copy ends, to go on from there. */
      readonly received?: number;
    };

/** The start of an upload, as the page sends it. */
export interface UploadStart {
  readonly sha256: string;
  readonly size: number;
  readonly name: string;
  readonly field: FileFieldId;
}

/** A hosted file's name, as stored. */
export const HOSTED_NAME_MAX = 200;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function isHostedFile(value: unknown): value is HostedFile {
  return (
    isRecord(value) &&
    typeof value.sha256 === 'string' &&
    SHA256_HEX.test(value.sha256) &&
    typeof value.name === 'string' &&
    value.name.length >= 1 &&
    value.name.length <= HOSTED_NAME_MAX &&
    typeof value.size === 'number' &&
    Number.isInteger(value.size) &&
    value.size > 0 &&
    typeof value.type === 'string' &&
    value.type.length <= 100
  );
}

/** The hosted files of a stored code or draft: the well-formed entries of known upload fields. */
export function hostedFilesFrom(value: unknown): HostedFiles {
  if (!isRecord(value)) return {};
  const hosted: Partial<Record<FileFieldId, HostedFile>> = {};
  for (const id of Object.keys(fileFields) as FileFieldId[]) {
    const file = value[id];
    if (isHostedFile(file)) {
      hosted[id] = { sha256: file.sha256, name: file.name, size: file.size, type: file.type };
    }
  }
  return hosted;
}

/** Where a short link serves one of its files: `/q/<link id>/f/<sha256>`. */
export const hostedFilePath = (linkId: string, sha256: string) => `/q/${linkId}/f/${sha256}`;
