// The wizard's whole state as one plain value: the step, the type, the content and the design.
// It is what the draft store keeps and what the renderer reads. Files are generic so the same
// shape holds `File`s in the page and their stored bytes in IndexedDB.
import {
  contentItems,
  emptyContent,
  fileFields,
  listFields,
  textFieldIds,
  type FileFieldId,
  type ListFieldId,
  type QrContent,
  type TextFieldId,
} from './content';
import { findQrType, type QrTypeId } from './qr-types';
import {
  cornerCentres,
  cornerFrames,
  defaultDesign,
  findChoice,
  frames,
  FRAME_TEXT_MAX,
  gradientStyles,
  isHexColor,
  patterns,
  type Choice,
  type QrDesign,
} from './design';
import { migrateDesign } from './design-migration';
import { hostedFilesFrom, type HostedFiles } from './hosting';
import { LINK_ID } from './short-link';

export const wizardSteps = [
  { id: 'type', label: 'Type' },
  { id: 'content', label: 'Content' },
  { id: 'design', label: 'Design' },
  { id: 'demo', label: 'Done' },
] as const;

export type WizardStep = (typeof wizardSteps)[number]['id'];

export const DRAFT_VERSION = 1;

export interface QrDraft<F = File> {
  readonly version: typeof DRAFT_VERSION;
  /**
   * The step the person was last on. Not the route: it is read where the route says nothing of
   * it, on the type page (where the wizard starts, after a closed tab or from the dashboard),
   * which offers "Continue your draft" at this step. Each step's page sets it on arrival, since a
   * reload, the Back button or a link can land there without the step before it; it cannot be
   * derived from the content either (a finished content may be on its design step or done).
   */
  readonly step: WizardStep;
  readonly type: QrTypeId | null;
  readonly content: QrContent<F>;
  readonly design: QrDesign<F>;
  /** The saved code (My QR Codes) this draft edits, or null for a new code. */
  readonly editing: EditedCode | null;
  /**
   * Whether the code is to be dynamic: it holds a short link of the site, which the server makes
   * when the code is saved (see dynamic.ts).
   */
  readonly dynamic: boolean;
}

/** Which saved code a draft edits: saving it updates that code rather than adding one. */
export interface EditedCode {
  readonly id: string;
  /** Its name when the edit began, to say what is being edited. */
  readonly name: string;
  /** It is dynamic: printed copies use its short link, so it stays dynamic. */
  readonly dynamic: boolean;
  /** The id of its short link, once the server has made it. */
  readonly linkId: string | null;
  /** It has a password (kept by the server): an empty password field keeps it. */
  readonly passwordProtected: boolean;
  /** Its hosted files: a file field left empty keeps its file (chosen on another device). */
  readonly hosted?: HostedFiles;
  /**
   * The workspace it is saved in (a team's, or the account's own): its changes are saved there,
   * whichever workspace the person has chosen since. Absent in drafts from before teams, whose
   * codes were all the account's own.
   */
  readonly workspace?: string;
}

export const emptyDraft: QrDraft = {
  version: DRAFT_VERSION,
  step: 'type',
  type: null,
  content: emptyContent,
  design: defaultDesign,
  editing: null,
  dynamic: false,
};

/** Whether there is anything to resume: a type was chosen. */
export const hasProgress = (draft: QrDraft<unknown>): boolean => draft.type !== null;

/** Every file of a draft, to store or to rebuild them. */
export async function mapDraftFiles<A, B>(
  draft: QrDraft<A>,
  convert: (file: A) => B | Promise<B>,
): Promise<QrDraft<B>> {
  const files: Partial<Record<FileFieldId, B>> = {};
  for (const [id, file] of Object.entries(draft.content.files) as [FileFieldId, A][]) {
    files[id] = await convert(file);
  }
  return {
    ...draft,
    content: { ...draft.content, files },
    design: { ...draft.design, logo: draft.design.logo ? await convert(draft.design.logo) : null },
  };
}

/**
 * Whether `field` is one of the draft's own type's uploads. The draft keeps the files of the types
 * tried before it (to switch back without choosing them again), but its code holds only its own:
 * a saved code names no other file, hosts none and uploads none.
 */
export function isOwnFileField(draft: QrDraft<unknown>, field: FileFieldId): boolean {
  const type = draft.type === null ? undefined : findQrType(draft.type);
  return type
    ? contentItems(type).some((item) => item.kind === 'file' && item.id === field)
    : false;
}

/** The files of the draft's own type (isOwnFileField). */
export const ownFiles = <F>(draft: QrDraft<F>): QrContent<F>['files'] =>
  Object.fromEntries(
    Object.entries(draft.content.files).filter(([id]) => isOwnFileField(draft, id as FileFieldId)),
  ) as QrContent<F>['files'];

export const draftHasFiles = (draft: QrDraft<unknown>): boolean =>
  Object.keys(draft.content.files).length > 0 || draft.design.logo !== null;

/**
 * A stored draft read back with every field checked: an unknown type, step or option, a value of
 * the wrong kind or a missing field falls back to its default, so an old or damaged record never
 * breaks the wizard; an option's former id is read as its current one (design-migration.ts).
 * `isFile` says which stored values are files.
 */
export function restoreDraft<F>(
  stored: unknown,
  isFile: (value: unknown) => value is F,
): QrDraft<F> | null {
  if (!isRecord(stored) || stored.version !== DRAFT_VERSION) return null;
  const content = isRecord(stored.content) ? stored.content : {};
  const design = isRecord(stored.design) ? migrateDesign(stored.design) : {};
  const storedText = isRecord(content.text) ? content.text : {};
  const storedLists = isRecord(content.lists) ? content.lists : {};
  const storedFiles = isRecord(content.files) ? content.files : {};

  const text = Object.fromEntries(
    textFieldIds.map((id) => [id, stringOr(storedText[id], '')]),
  ) as Record<TextFieldId, string>;
  const lists = Object.fromEntries(
    (Object.keys(listFields) as ListFieldId[]).map((id) => {
      const items = storedLists[id];
      const valid = Array.isArray(items) ? items.filter((item) => typeof item === 'string') : [];
      return [id, valid.length > 0 ? valid.slice(0, listFields[id].max) : ['']];
    }),
  ) as Record<ListFieldId, string[]>;
  const files: Partial<Record<FileFieldId, F>> = {};
  for (const id of Object.keys(fileFields) as FileFieldId[]) {
    if (isFile(storedFiles[id])) files[id] = storedFiles[id];
  }

  const step = wizardSteps.find((entry) => entry.id === stored.step)?.id ?? 'type';
  const type = findQrType(stored.type)?.id ?? null;
  const choice = <Id extends string>(
    choices: readonly Choice<Id>[],
    value: unknown,
    fallback: Id,
  ) => findChoice(choices, value)?.id ?? fallback;
  const color = (value: unknown, fallback: string) => (isHexColor(value) ? value : fallback);
  const flag = (value: unknown, fallback: boolean) =>
    typeof value === 'boolean' ? value : fallback;
  const d = defaultDesign;

  return {
    version: DRAFT_VERSION,
    step: type === null ? 'type' : step,
    type,
    content: { text, lists, files },
    design: {
      frame: choice(frames, design.frame, d.frame),
      frameText: stringOr(design.frameText, d.frameText).slice(0, FRAME_TEXT_MAX),
      pattern: choice(patterns, design.pattern, d.pattern),
      patternColor1: color(design.patternColor1, d.patternColor1),
      patternGradient: flag(design.patternGradient, d.patternGradient),
      patternColor2: color(design.patternColor2, d.patternColor2),
      gradientStyle: choice(gradientStyles, design.gradientStyle, d.gradientStyle),
      transparentBackground: flag(design.transparentBackground, d.transparentBackground),
      backgroundGradient:
        flag(design.backgroundGradient, d.backgroundGradient) &&
        design.transparentBackground !== true,
      backgroundColor1: color(design.backgroundColor1, d.backgroundColor1),
      backgroundColor2: color(design.backgroundColor2, d.backgroundColor2),
      cornerFrame: choice(cornerFrames, design.cornerFrame, d.cornerFrame),
      cornerFrameColor: color(design.cornerFrameColor, d.cornerFrameColor),
      cornerCentre: choice(cornerCentres, design.cornerCentre, d.cornerCentre),
      cornerCentreColor: color(design.cornerCentreColor, d.cornerCentreColor),
      logo: isFile(design.logo) ? design.logo : null,
    },
    editing: type === null ? null : editedCode(stored.editing),
    // Drafts made before links were minted by the server held their own id as `shortLink`.
    dynamic: type !== null && (stored.dynamic === true || isLinkId(stored.shortLink)),
  };
}

function editedCode(value: unknown): EditedCode | null {
  if (!isRecord(value) || typeof value.id !== 'string' || typeof value.name !== 'string') {
    return null;
  }
  const linkId = isLinkId(value.linkId) ? value.linkId : null;
  return {
    id: value.id,
    name: value.name,
    dynamic: value.dynamic === true || linkId !== null,
    linkId,
    passwordProtected: value.passwordProtected === true,
    ...withHosted(hostedFilesFrom(value.hosted)),
    ...(typeof value.workspace === 'string' ? { workspace: value.workspace } : {}),
  };
}

/** `{hosted}` when a code has hosted files, else nothing (most codes have none). */
export const withHosted = (hosted: HostedFiles) =>
  Object.keys(hosted).length > 0 ? { hosted } : {};

const isLinkId = (value: unknown): value is string =>
  typeof value === 'string' && LINK_ID.test(value);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const stringOr = (value: unknown, fallback: string) =>
  typeof value === 'string' ? value : fallback;
