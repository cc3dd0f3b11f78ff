// The bulk API (POST /api/bulk): the page sends a checked sheet's rows a few dozen at a time, and
// the server writes their codes (functions/src/bulk-api.ts). Codes are written by the server, not
// the page, because the rules move a workspace's count of codes by exactly one per write; the
// server moves it by a whole chunk in one transaction.
//
// Each chunk names its batch, and each row its place in it: a row's code id comes from the row
// (ids.ts), and the server notes the rows of a batch it has written, so a chunk sent again after a
// cut connection writes nothing twice and answers as the first time did.
import * as v from 'valibot';
import { describeApi, requestBody, workspaceField, type AnswerOf } from '../api';
import { BATCH_ID } from './ids';
import { BULK_ROWS_MAX } from './limits';

export const BULK_API_PATH = '/api/bulk';

/** Rows per request: small enough for one transaction with their links, large enough to be quick. */
export const BULK_CHUNK_ROWS = 25;

/** The most bytes of a request: a chunk of long rows and the batch's logo (LOGO_MAX_CHARS). */
export const BULK_BODY_MAX = 1_000_000;

const NOT_A_CHUNK =
  'Send {"batch", "total", "type", "dynamic", "design", "logo", "rows": [{"row", "values"}]}.';

const row = v.object(
  {
    row: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(BULK_ROWS_MAX - 1)),
    values: v.record(v.string(), v.pipe(v.string(), v.maxLength(8000))),
  },
  'Each row is {"row": <its place in the batch>, "values": {<column>: <its text>}}.',
);

export const bulkApi = describeApi({
  path: BULK_API_PATH,
  requests: {
    /** POST /api/bulk: write these rows of a batch. */
    write: requestBody(
      {
        workspace: workspaceField,
        batch: v.pipe(v.string(NOT_A_CHUNK), v.regex(BATCH_ID, '"batch" is the id of the batch.')),
        total: v.pipe(
          v.number('"total" is the number of rows in the batch.'),
          v.integer(),
          v.minValue(1),
          v.maxValue(BULK_ROWS_MAX, `A batch has at most ${BULK_ROWS_MAX} rows.`),
        ),
        type: v.string('"type" is the id of a QR type.'),
        dynamic: v.boolean('"dynamic" is true or false.'),
        design: v.record(v.string(), v.unknown(), '"design" is the batch\'s design.'),
        logo: v.nullable(v.string('"logo" is a data: URL or null.')),
        rows: v.pipe(
          v.array(row, NOT_A_CHUNK),
          v.minLength(1, 'Send at least one row.'),
          v.maxLength(BULK_CHUNK_ROWS, `Send at most ${BULK_CHUNK_ROWS} rows at a time.`),
        ),
      },
      NOT_A_CHUNK,
    ),
  },
  problems: {
    'bad-request': { status: 400, retry: false },
    unauthenticated: { status: 401, retry: false },
    /** The trial or plan has ended: a sheet makes codes again with a plan. */
    'plan-needed': { status: 402, retry: false },
    /** Dynamic codes need a verified email address, as one code does. */
    unverified: { status: 403, retry: false },
    /** The caller's role does not let them make codes in the workspace. */
    'not-allowed': { status: 403, retry: false },
    /** The batch is larger than the workspace's standing allows (limits.ts). */
    'too-many-rows': { status: 413, retry: false },
    /** The chunk would take the workspace past the codes it may keep. */
    'too-many-codes': { status: 409, retry: false },
    unavailable: { status: 503, retry: true },
  },
  ok: {
    /** Each row of the chunk, in the order sent. */
    rows: v.array(
      v.object({
        row: v.number(),
        /** The code's id in the workspace. */
        code: v.string(),
        /**
         * created or updated now; unchanged: the code already held what the row sets (a sheet
         * uploaded again, or a chunk sent again after a cut connection); refused: nothing was
         * written (`message` says why: the row is not a code, or not the caller's to change).
         */
        outcome: v.picklist(['created', 'updated', 'unchanged', 'refused']),
        message: v.optional(v.string()),
        /** A dynamic code's short link id, once made; null when it has none (`linkMessage`: why). */
        link: v.nullable(v.string()),
        linkMessage: v.optional(v.string()),
      }),
    ),
  },
});

export type BulkAnswer = AnswerOf<typeof bulkApi>;
export type BulkRowResult = Extract<BulkAnswer, { ok: true }>['rows'][number];
