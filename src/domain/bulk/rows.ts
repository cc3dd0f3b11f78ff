// One row of a bulk sheet checked as the wizard checks a code: the content form's checks (each
// field's limit and format, the type's own rule), the limits of a saved code, the target rule and
// the blocklist for a dynamic code, and whether the content fits in a code at all. The page runs
// it for the dry run, in the browser and offline; the server runs it again on every row it writes
// (functions/src/bulk-api.ts), so a forged request gets no further than a typed one.
import { isBlockedHost, type Blocklist } from '../qr/blocklist';
import { codeSize, errorCorrectionFor, tooLongMessage } from '../qr/code-plan';
import { codeText } from '../qr/code-text';
import {
  checkContent,
  emptyContent,
  listFields,
  type ListFieldId,
  type QrContent,
} from '../qr/content';
import type { QrDesign } from '../qr/design';
import { DRAFT_VERSION, type QrDraft } from '../qr/draft';
import { codeDestination, isDynamic, SAMPLE_LINK_ID } from '../qr/dynamic';
import { BLOCKED_MESSAGE } from '../qr/link-policy';
import type { QrType } from '../qr/qr-types';
import { SavedCodeError, savedCodeFrom, savedFields, type SavedCodeFields } from '../qr/saved-code';
import { KEY_COLUMN, NAME_COLUMN, type BulkColumn } from './columns';

/** A problem of a row: the column it is in (null: the row as a whole) and what to do. */
export interface RowProblem {
  readonly column: string | null;
  readonly message: string;
}

/** What every row of a batch shares: the design chosen for it, and where the site answers. */
export interface BatchLook {
  readonly type: QrType;
  /** Whether the batch's codes are dynamic (a type that can only be static makes static codes). */
  readonly dynamic: boolean;
  /** The design chosen for the batch, its logo as a data: URL (or null). */
  readonly design: QrDesign<string>;
  /** The site's origin: a dynamic code's link and the viewer page are there. */
  readonly origin: string;
  /** Host names the site also answers on (a short link of the site is never a target). */
  readonly siteHosts?: readonly string[];
  readonly blocklist: Blocklist;
}

export interface RowCheck {
  readonly fields: SavedCodeFields | null;
  readonly problems: readonly RowProblem[];
}

/** The longest key a row may have: a product code or a table number, not a paragraph. */
export const KEY_MAX = 100;

/** A row's content as the content form would hold it, read from its values by column id. */
export function rowContent(values: Readonly<Record<string, string>>): QrContent<never> {
  const text: Record<string, string> = { ...emptyContent.text };
  for (const id of Object.keys(text)) if (id in values) text[id] = values[id]!;
  text.qrName = values[NAME_COLUMN] ?? '';
  const lists: Record<string, readonly string[]> = {};
  for (const id of Object.keys(listFields) as ListFieldId[]) {
    const items = Array.from(
      { length: listFields[id].max },
      (_, index) => values[`${id}.${index}`] ?? '',
    );
    // Empty entries at the end are columns left blank, not links.
    while (items.length > 0 && items.at(-1)!.trim() === '') items.pop();
    lists[id] = items.length > 0 ? items : [''];
  }
  return {
    text: text as QrContent<never>['text'],
    lists: lists as unknown as QrContent<never>['lists'],
    files: {},
  };
}

/** The column a problem of a field belongs to: the field's own, when the sheet has it. */
function columnOf(field: string, columns: readonly BulkColumn[]): string | null {
  // The form's name of the code is the sheet's Name column.
  const id = field === 'qrName' ? NAME_COLUMN : field;
  return columns.some((column) => column.id === id) ? id : null;
}

/** The first column that holds a web address: where a target's problem is said. */
const addressColumn = (columns: readonly BulkColumn[], values: Readonly<Record<string, string>>) =>
  columns.find((column) => /^https?:|^www\./i.test(values[column.id] ?? ''))?.id ?? null;

/**
 * Checks one row (`values` by column id) and makes the fields of its saved code, or says what is
 * wrong: every problem of the row, each in its column where it has one.
 */
export function checkRow(
  look: BatchLook,
  columns: readonly BulkColumn[],
  values: Readonly<Record<string, string>>,
): RowCheck {
  const problems: RowProblem[] = [];
  const key = (values[KEY_COLUMN] ?? '').trim();
  if (key.length > KEY_MAX) {
    problems.push({ column: KEY_COLUMN, message: `An id has at most ${KEY_MAX} characters.` });
  }
  const { errors, content } = checkContent(look.type, rowContent(values));
  for (const [field, message] of Object.entries(errors)) {
    if (message) problems.push({ column: columnOf(field, columns), message });
  }
  if (problems.length > 0) return { fields: null, problems };

  const dynamic = isDynamic(look.type.id, look.dynamic);
  const draft: QrDraft<never> = {
    version: DRAFT_VERSION,
    step: 'design',
    type: look.type.id,
    content,
    design: { ...look.design, logo: null },
    editing: null,
    dynamic,
  };
  let fields: SavedCodeFields;
  try {
    fields = savedFields(draft, values[NAME_COLUMN] ?? '', { logo: look.design.logo });
  } catch (error) {
    if (!(error instanceof SavedCodeError)) throw error;
    return { fields: null, problems: [{ column: null, message: error.message }] };
  }

  if (dynamic) {
    const where = codeDestination(fields, look.origin, look.siteHosts);
    if (!where.ok) {
      return {
        fields: null,
        problems: [{ column: addressColumn(columns, values), message: where.message }],
      };
    }
    if (where.hosts.some((host) => isBlockedHost(host, look.blocklist))) {
      return {
        fields: null,
        problems: [{ column: addressColumn(columns, values), message: BLOCKED_MESSAGE }],
      };
    }
  }
  const { text, payload } = codeText(fields, dynamic ? SAMPLE_LINK_ID : null, look.origin);
  if (text === null) {
    const reason = 'reason' in payload ? payload.reason : 'This row makes no code.';
    return { fields: null, problems: [{ column: null, message: reason }] };
  }
  const size = codeSize(text, errorCorrectionFor(look.design));
  if (!size.fits) {
    const fix = canShorten(look)
      ? ' Or make the codes dynamic: a short link fits any content.'
      : '';
    return {
      fields: null,
      problems: [{ column: null, message: tooLongMessage(size, look.design.logo !== null) + fix }],
    };
  }
  return { fields, problems: [] };
}

/** Whether making the batch dynamic would shorten what its codes hold. */
const canShorten = (look: BatchLook) => !look.dynamic && look.type.modes.dynamic;

/**
 * The design a batch asks for, read as a saved code's design is (an unknown option is its default,
 * a logo that is not a small raster data: URL is none): the server reads a request's so.
 */
export function batchDesign(design: unknown, logo: unknown): QrDesign<string> {
  return savedCodeFrom('batch', { type: 'web', design, logo })!.design;
}

/**
 * What a sheet's row sets of a code, to tell a row that changes its code from one that leaves it
 * as it is: the type, the name, whether it is dynamic, and the content's values that are not
 * empty (a saved code read back has every field, a row only its type's).
 */
export function rowSetsKey(
  code: Pick<SavedCodeFields, 'type' | 'name' | 'content' | 'dynamic'>,
): string {
  const text = Object.entries(code.content.text)
    .filter(([, value]) => value !== '')
    .sort(([a], [b]) => a.localeCompare(b));
  const lists = Object.entries(code.content.lists)
    .map(([id, items]) => [id, items.filter((item) => item !== '')] as const)
    .filter(([, items]) => items.length > 0)
    .sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify([code.type, code.name, code.dynamic, text, lists]);
}
