// A saved code of 'My QR Codes' (users/{uid}/codes/{id} in Cloud Firestore, see firestore.rules)
// and its conversions from and to the wizard's draft. Pure: the store that writes these fields
// is src/features/qr/codes/saved-codes.ts.
//
// Uploaded files (the PDF, video, image, audio and menu types) are hosted by the server
// (hosting.ts): a saved code names each by its SHA-256 in `hosted`, and the device that saved it
// keeps the file too (code-files.ts), to upload it again should the server not have it.
import { fileFields, type FileFieldId, type QrContent } from './content';
import { hostedFilesFrom, type HostedFile, type HostedFiles } from './hosting';
import { qrTypeIds, type QrTypeId } from './qr-types';
import {
  DRAFT_VERSION,
  isOwnFileField,
  ownFiles,
  restoreDraft,
  withHosted,
  type QrDraft,
  type WizardStep,
} from './draft';
import type { QrDesign } from './design';
import { canBeDynamic, isDynamic } from './dynamic';
import { formatCount } from '../counts';

/** Limits of firestore.rules, checked before a write so the server never has to refuse one. */
export const CODE_NAME_MAX = 100;
export const LOGO_MAX_CHARS = 200_000;
export const FILES_MAX = 10;
export { HOSTED_NAME_MAX } from './hosting';
/** Cloud Firestore's limit is 1 MiB a document; this leaves room for its own field overhead. */
export const CODE_MAX_BYTES = 1_000_000;
/**
 * The most codes an account keeps (firestore.rules holds the count to it): far more than a
 * business prints, few enough that no account can fill the database.
 */
export const SAVED_CODES_MAX = 5000;

export const TOO_MANY_CODES_MESSAGE = `An account can keep ${formatCount(SAVED_CODES_MAX)} codes, and yours has that many. Delete codes you no longer use, then save this one.`;
/** The name of a code saved without one. */
export const UNTITLED_CODE = 'Untitled code';

/** A raster picture only, as firestore.rules takes it: an SVG can carry script. */
const LOGO = /^data:image\/(png|webp|jpeg|gif);base64,[A-Za-z0-9+/]*=*$/;

/** The design as stored: the logo is a field of its own (a small data: URL). */
export type SavedDesign = Omit<QrDesign<never>, 'logo'>;

/** What the app writes to a code's document, besides the server's createdAt and updatedAt. */
export interface SavedCodeFields {
  readonly type: QrTypeId;
  readonly name: string;
  /** The content form's values; each upload is replaced by its file name. */
  readonly content: QrContent<string>;
  readonly design: SavedDesign;
  /** A `data:image/...;base64,` URL of at most LOGO_MAX_CHARS characters, or null. */
  readonly logo: string | null;
  /** The names of the uploaded files. */
  readonly files: readonly string[];
  /** The uploads as the server hosts them, by field: what the code's page shows. */
  readonly hosted: HostedFiles;
  /**
   * The code is dynamic: it holds a short link of the site, which the server makes for it
   * (dynamic/{id}, whose `code` names this code) once the code has reached the server.
   */
  readonly dynamic: boolean;
  /**
   * The code asks for a password when scanned (dynamic codes only: access.ts). The password is
   * never part of the code's document: the server keeps its hash.
   */
  readonly passwordProtected: boolean;
}

/** A code as read back: ready to render (its design's logo is the data: URL). */
export interface SavedCode extends SavedCodeFields {
  readonly id: string;
  readonly design: QrDesign<string>;
  /** The server's times; null while a write of this device waits for the server. */
  readonly createdAt: Date | null;
  readonly updatedAt: Date | null;
  /**
   * Who made the code and who changed it last (their account ids), in a workspace with members;
   * null for a code that does not say (made by the account itself, before teams).
   */
  readonly createdBy: string | null;
  readonly updatedBy: string | null;
}

export type SavedCodeProblem =
  | 'no-type'
  | 'bad-name'
  | 'logo-too-big'
  | 'logo-not-image'
  | 'too-many-files'
  | 'too-big'
  | 'unverified'
  | 'bad-target'
  | 'too-many-codes'
  | 'not-allowed';

/** A code that cannot be saved as it is; `message` says why in words a user understands. */
export class SavedCodeError extends Error {
  constructor(
    readonly problem: SavedCodeProblem,
    message: string,
  ) {
    super(message);
    this.name = 'SavedCodeError';
  }
}

/**
 * A name as stored: spaces trimmed and runs of white space made one, at most CODE_NAME_MAX
 * characters (counted in UTF-16 units and never cutting a character in two, so the rules' count
 * agrees whichever way it counts); UNTITLED_CODE when nothing is left.
 */
export function codeName(name: string): string {
  let short = '';
  for (const character of name.replace(/\s+/g, ' ').trim()) {
    if (short.length + character.length > CODE_NAME_MAX) break;
    short += character;
  }
  return short.trim() || UNTITLED_CODE;
}

/**
 * The fields to save for a draft. `name` falls back to the draft's qrName, then UNTITLED_CODE;
 * the name chosen is also written as the content's qrName, so a reopened code shows it. `logo` is
 * the draft's logo already downscaled to a data: URL (logoThumbnail), or null.
 * Throws a SavedCodeError when the draft has no type or the result breaks a limit of the rules.
 */
export function savedFields(
  draft: QrDraft<unknown>,
  name: string,
  { logo, hosted = {} }: { logo: string | null; hosted?: HostedFiles },
): SavedCodeFields {
  if (draft.type === null) {
    throw new SavedCodeError('no-type', 'Choose a type of code before saving it.');
  }
  const files: Partial<Record<FileFieldId, string>> = {};
  for (const [id, file] of Object.entries(ownFiles(draft)) as [FileFieldId, unknown][]) {
    if (file !== null && file !== undefined) files[id] = fileName(file, fileFields[id].label);
  }
  // An edited code keeps the hosted files whose field was left as it was (not on this device).
  const kept = draft.editing?.hosted ?? {};
  for (const [id, file] of Object.entries(kept) as [FileFieldId, HostedFile][]) {
    if (isOwnFileField(draft, id)) files[id] ??= file.name;
  }
  const allHosted = { ...kept, ...hosted };
  const chosen = name.trim() ? name : draft.content.text.qrName;
  const finalName = codeName(chosen);
  const dynamic = isDynamic(draft.type, draft.dynamic);
  const fields: SavedCodeFields = {
    type: draft.type,
    name: finalName,
    content: {
      // The password is sent to the server on its own (POST /api/links/password), never saved.
      text: { ...draft.content.text, qrName: chosen.trim() ? finalName : '', password: '' },
      lists: draft.content.lists,
      files,
    },
    design: withoutLogo(draft.design),
    logo,
    files: Object.values(files),
    // Only the uploads the draft still has: a removed file is no longer hosted for it.
    hosted: Object.fromEntries(
      Object.entries(allHosted).filter(([id]) => files[id as FileFieldId] !== undefined),
    ),
    dynamic,
    passwordProtected:
      dynamic && (draft.content.text.password !== '' || draft.editing?.passwordProtected === true),
  };
  checkFields(fields);
  return fields;
}

function withoutLogo(design: QrDesign<unknown>): SavedDesign {
  return Object.fromEntries(
    Object.entries(design).filter(([key]) => key !== 'logo'),
  ) as unknown as SavedDesign;
}

/** The name of an uploaded file: a `File`, or a stored record with a name. */
function fileName(file: unknown, fallback: string): string {
  const name = (file as { name?: unknown }).name;
  return typeof name === 'string' && name.trim() ? name : fallback;
}

/**
 * Checks the limits of firestore.rules on fields about to be written, whole or in part (an
 * update of some fields). Throws a SavedCodeError naming the first one broken.
 */
export function checkFields(fields: Partial<SavedCodeFields>): void {
  const { type, name, logo, files } = fields;
  if (type !== undefined && !qrTypeIds.includes(type)) {
    throw new SavedCodeError('no-type', `“${String(type)}” is not a type of code.`);
  }
  if (name !== undefined && (name.length < 1 || name.length > CODE_NAME_MAX)) {
    throw new SavedCodeError(
      'bad-name',
      `A code's name has 1 to ${CODE_NAME_MAX} characters (see codeName()).`,
    );
  }
  if (logo !== undefined && logo !== null) {
    if (!LOGO.test(logo)) {
      throw new SavedCodeError('logo-not-image', 'The logo must be a picture (a data: image URL).');
    }
    if (logo.length > LOGO_MAX_CHARS) {
      throw new SavedCodeError(
        'logo-too-big',
        `The logo is too large to save (${logo.length} characters, at most ${LOGO_MAX_CHARS}). Choose a smaller picture.`,
      );
    }
  }
  if (files !== undefined && files.length > FILES_MAX) {
    throw new SavedCodeError(
      'too-many-files',
      `A code can name at most ${FILES_MAX} files; this one has ${files.length}.`,
    );
  }
  const bytes = new TextEncoder().encode(JSON.stringify(fields)).length;
  if (bytes > CODE_MAX_BYTES) {
    throw new SavedCodeError(
      'too-big',
      `The code is too large to save (${Math.ceil(bytes / 1024)} KB, at most ${CODE_MAX_BYTES / 1000} KB). Shorten its content or choose a smaller logo.`,
    );
  }
}

/**
 * A code's document read defensively: an unknown type gives null (the list skips it); a missing or
 * wrong design or content field gets its default, and an option id an older version stored is read
 * as today's (design-migration.ts, through restoreDraft), so documents of older versions still open
 * as they were saved. The current id is written with the code's next save.
 * `data` is the document's data with pending server timestamps as null.
 */
export function savedCodeFrom(id: string, data: unknown): SavedCode | null {
  if (!isRecord(data)) return null;
  const logo = typeof data.logo === 'string' && LOGO.test(data.logo) ? data.logo : null;
  const isName = (value: unknown): value is string => typeof value === 'string';
  const read = restoreDraft(
    {
      version: DRAFT_VERSION,
      step: 'design',
      type: data.type,
      content: data.content,
      design: isRecord(data.design) ? { ...data.design, logo } : { logo },
    },
    isName,
  );
  if (!read || read.type === null) return null;
  return {
    id,
    type: read.type,
    name: typeof data.name === 'string' ? codeName(data.name) : UNTITLED_CODE,
    content: read.content,
    design: read.design,
    logo,
    files: Array.isArray(data.files)
      ? data.files.filter((file): file is string => typeof file === 'string')
      : Object.values(read.content.files),
    hosted: hostedFilesFrom(data.hosted),
    dynamic: data.dynamic === true && canBeDynamic(read.type),
    passwordProtected:
      data.passwordProtected === true && data.dynamic === true && canBeDynamic(read.type),
    createdAt: dateOf(data.createdAt),
    updatedAt: dateOf(data.updatedAt),
    createdBy: typeof data.createdBy === 'string' ? data.createdBy : null,
    updatedBy: typeof data.updatedBy === 'string' ? data.updatedBy : null,
  };
}

/** A Firestore Timestamp (anything with toDate) or a Date as a Date; null otherwise. */
function dateOf(value: unknown): Date | null {
  if (value instanceof Date) return value;
  if (isRecord(value) && typeof value.toDate === 'function') {
    const date: unknown = value.toDate();
    return date instanceof Date ? date : null;
  }
  return null;
}

/** The fields of a saved code, to write it again (Undo after a delete, Duplicate). */
export function fieldsOf(saved: SavedCode): SavedCodeFields {
  return {
    type: saved.type,
    name: saved.name,
    content: saved.content,
    design: withoutLogo(saved.design),
    logo: saved.logo,
    files: saved.files,
    hosted: saved.hosted,
    dynamic: saved.dynamic,
    passwordProtected: saved.passwordProtected,
  };
}

/**
 * The fields of a copy of a code (Duplicate): named “Copy of …” (within the name's limit). A copy
 * of a dynamic code is dynamic too, and gets a short link of its own when it reaches the server
 * (a link belongs to one code only).
 */
export function duplicateFields(saved: SavedCode): SavedCodeFields {
  const name = codeName(`Copy of ${saved.name}`);
  const fields = fieldsOf(saved);
  return {
    ...fields,
    name,
    content: {
      ...fields.content,
      text: { ...fields.content.text, qrName: fields.content.text.qrName ? name : '' },
    },
  };
}

/** How My QR Codes can order the codes. */
export const codeOrders = [
  { id: 'newest', label: 'Last changed, newest first' },
  { id: 'oldest', label: 'Last changed, oldest first' },
  { id: 'name', label: 'Name, A to Z' },
] as const;

export type CodeOrder = (typeof codeOrders)[number]['id'];

/** A name as compared: without accents or case, its runs of spaces one (as codeName stores it). */
const folded = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase().replace(/\s+/g, ' ');
const byName = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/**
 * The codes to list: those whose name contains `query` (ignoring case and accents), in `order`.
 * `codes` come newest change first (watchCodes' order, codes waiting for the server on top).
 */
export function listedCodes<C extends Pick<SavedCode, 'id' | 'name'>>(
  codes: readonly C[],
  query: string,
  order: CodeOrder,
): C[] {
  const wanted = folded(query.trim());
  const found = wanted ? codes.filter((code) => folded(code.name).includes(wanted)) : [...codes];
  if (order === 'oldest') return found.reverse();
  if (order === 'name') {
    return found.sort((a, b) => byName.compare(a.name, b.name) || a.id.localeCompare(b.id));
  }
  return found;
}

/**
 * A draft to reopen the wizard on a saved code (Edit), at `step` ('content' by default: a code of
 * a file type has to be given its files again there). Its `editing` names the code, so saving the
 * draft updates it. Uploaded files were never in the cloud, only their names (`saved.files`):
 * `files` are the ones this device still keeps, if any. The logo comes back as a PNG or WebP
 * `File` rebuilt from the stored thumbnail. `linkId` is the code's short link, when it has one;
 * `workspace` the workspace the code is saved in, where its changes go.
 */
export function draftFromSaved(
  saved: SavedCode,
  step: WizardStep = 'content',
  files: QrContent['files'] = {},
  linkId: string | null = null,
  workspace?: string,
): QrDraft {
  return {
    version: DRAFT_VERSION,
    step,
    type: saved.type,
    content: {
      text: { ...saved.content.text, qrName: saved.content.text.qrName || saved.name },
      lists: saved.content.lists,
      files,
    },
    design: { ...saved.design, logo: saved.logo ? fileFromDataUrl(saved.logo, 'logo') : null },
    editing: {
      id: saved.id,
      name: saved.name,
      dynamic: saved.dynamic,
      linkId,
      passwordProtected: saved.passwordProtected,
      ...withHosted(saved.hosted),
      ...(workspace ? { workspace } : {}),
    },
    dynamic: saved.dynamic,
  };
}

/** A base64 data: URL as a File named `baseName` with the extension of its type. */
export function fileFromDataUrl(url: string, baseName: string): File {
  const comma = url.indexOf(',');
  const type = url.slice('data:'.length, comma).replace(/;base64$/, '');
  const binary = atob(url.slice(comma + 1));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  const extension = type.split('/')[1]?.replace(/\+.*$/, '') ?? 'bin';
  return new File([bytes], `${baseName}.${extension}`, { type });
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
