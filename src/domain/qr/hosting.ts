// Files hosted for the file types' codes (PDF, Video, Images, MP3, Menu): what the page, the
// upload API and the short links agree on. A file is known by the SHA-256 of its bytes (lowercase
// hex), per owner: the same file chosen twice, or for two codes, is stored once, and the address
// that serves it names its hash, so a cached copy can never be a stale one.
//
// Uploads go through the Cloud Function `files` in chunks of CHUNK_BYTES (the last one shorter):
//   POST /api/files {"sha256", "size", "name", "field", "workspace"}  starts or resumes: an
//        answer of filesApi
//   PUT  /api/files/<sha256>?offset=<n>&workspace=<id>  (body: the bytes from n)  adds one chunk:
//        the same
// both with `Authorization: Bearer <Firebase ID token>` of an account with a verified email, whose
// role in the workspace (absent: their own account) lets them change its codes. A file is hosted
// per workspace: a team's files are the team's account's.
// The server checks the size against the field's kind and the file's first bytes against what
// the kind accepts (file-signatures.ts), and the whole file's hash once the last chunk is in.
// filesApi below describes the answers once: the function answers from it (file-api.ts) and the
// page checks each answer against it (uploads/upload-requests.ts).
import * as v from 'valibot';
import {
  describeApi,
  requestBody,
  WORKSPACE_PARAM,
  workspaceField,
  type AnswerOf,
  type FinalProblemOf,
  type ProblemOf,
} from '../api';
import { fileFields, type FileFieldId } from './content';

export const FILES_API_PATH = '/api/files';

/**
 * Bytes per chunk: one Firestore document each (under its 1 MiB limit with room to spare), and
 * far under the 32 MB a Cloud Function accepts or answers at once.
 */
export const CHUNK_BYTES = 768 * 1024;

/** What all of an account's hosted files may add up to. */
export const HOSTING_QUOTA_BYTES = 1024 * 1024 * 1024;

export const SHA256_HEX = /^[0-9a-f]{64}$/;

/** A hosted file's name, as stored. */
export const HOSTED_NAME_MAX = 200;

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

/** Bytes the server holds of a file, from its start. */
const count = v.pipe(v.number(), v.safeInteger(), v.minValue(0));

/** Control characters (C0, DEL, C1) would garble headers and the file's name where it is shown. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

const NAME_MESSAGE = `"name" is the file's name: 1 to ${HOSTED_NAME_MAX} characters, none of them control characters.`;
const SHA256_MESSAGE = '"sha256" is the SHA-256 of the file, in 64 lowercase hex digits.';
const SIZE_MESSAGE = '"size" is the number of bytes of the file, more than 0.';

/**
 * The start of an upload, as the page sends it and the server checks it (each message says what
 * was wrong, to whoever calls the API by hand).
 */
/** The file an upload names: its hash, size and name, checked alike wherever one is started. */
export const uploadFileFields = {
  sha256: v.pipe(v.string(SHA256_MESSAGE), v.regex(SHA256_HEX, SHA256_MESSAGE)),
  size: v.pipe(v.number(SIZE_MESSAGE), v.safeInteger(SIZE_MESSAGE), v.minValue(1, SIZE_MESSAGE)),
  name: v.pipe(
    v.string(NAME_MESSAGE),
    v.minLength(1, NAME_MESSAGE),
    v.maxLength(HOSTED_NAME_MAX, NAME_MESSAGE),
    v.check((name) => !CONTROL.test(name), NAME_MESSAGE),
  ),
};

const uploadStartSchema = requestBody(
  {
    ...uploadFileFields,
    field: v.picklist(
      Object.keys(fileFields) as FileFieldId[],
      `"field" is the upload's field: one of ${Object.keys(fileFields).join(', ')}.`,
    ),
    /** The workspace the file is hosted for (its chunks name it as `?workspace=`). */
    workspace: workspaceField,
  },
  'Send {"sha256", "size", "name", "field"} as JSON.',
);

/** The upload API: its problems, their status codes, and whether the page may retry them. */
export const filesApi = describeApi({
  path: FILES_API_PATH,
  requests: {
    /** POST /api/files: start or resume an upload (a chunk is a PUT of bytes, no JSON). */
    start: uploadStartSchema,
  },
  problems: {
    'bad-request': { status: 400, retry: false },
    unauthenticated: { status: 401, retry: false },
    /** The account's trial or plan has ended: new files wait for a plan (billing.ts). */
    'plan-needed': { status: 402, retry: false },
    unverified: { status: 403, retry: false },
    // Refused for this account, whatever it sends: 403, as the link limits are (not a 5xx, which
    // would read as the server's fault and be retried).
    quota: { status: 403, retry: false },
    /** The caller's role in the workspace does not let them change its codes. */
    'not-allowed': { status: 403, retry: false },
    /** The chunk does not start where the server's copy ends: go on from `received`. */
    offset: { status: 409, retry: true },
    'too-large': { status: 413, retry: false },
    'wrong-content': { status: 415, retry: false },
    /** The bytes were not the file named: the server let them go, so the file is chosen again. */
    'hash-mismatch': { status: 422, retry: false },
    unavailable: { status: 503, retry: true },
  },
  ok: {
    /** Bytes the server holds, from the start: the next chunk starts here. */
    received: count,
    complete: v.boolean(),
  },
  refusal: {
    /** With 'offset': where the server's copy ends, to go on from there. */
    received: v.optional(count),
  },
});

export type UploadAnswer = AnswerOf<typeof filesApi>;
export type UploadProblem = ProblemOf<typeof filesApi>;
/** The problems that stop an upload until the person acts (the others it waits out). */
export type FinalUploadProblem = FinalProblemOf<typeof filesApi>;

/** The start of an upload, as the page sends it. */
export type UploadStart = v.InferOutput<typeof uploadStartSchema>;

/**
 * Where a chunk of the file `sha256` that starts at byte `offset` is sent (PUT), for `workspace`
 * (absent: the caller's own account): a chunk has no JSON body, so the workspace is in its query.
 */
export const chunkPath = (sha256: string, offset: number, workspace?: string) =>
  `${FILES_API_PATH}/${sha256}?offset=${offset}` +
  (workspace === undefined ? '' : `&${WORKSPACE_PARAM}=${encodeURIComponent(workspace)}`);

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
