// A change to a saved code that the server may still refuse, kept on the device until it is known
// to be saved. Writes are offline-first: a change shows at once and reaches the server when it can,
// maybe hours later. By then the person may have lost the right to make it (demoted to viewer,
// removed from the team, kept to their own codes), and the server refuses it; Firestore then
// quietly takes the change back from the device's copy, and what they typed would be gone without
// a word. So every change is kept here first, forgotten once the server has it, and when refused
// is listed on My QR Codes ("These changes could not be saved…") to copy, download or save as a
// code of one's own.
import { roleMay, roles, type RoleId } from '../team';
import { stableJson } from './landing';
import { fieldsOf, savedCodeFrom, type SavedCodeFields } from './saved-code';

/** What the change was. */
export const changeKinds = {
  new: 'A new code',
  change: 'Changes',
  delete: 'Deleting it',
  restore: 'Bringing it back',
} as const;

export type ChangeKind = keyof typeof changeKinds;

export interface UnsavedChange {
  /** This record's own id. */
  readonly id: string;
  /** The person who made the change (the device keeps each person's apart). */
  readonly uid: string;
  /** The workspace the code is saved in, and its name then. */
  readonly workspace: string;
  readonly workspaceName: string;
  /** The code and its name. */
  readonly code: string;
  readonly name: string;
  readonly kind: ChangeKind;
  /** What was to be saved (null for a deletion). */
  readonly fields: SavedCodeFields | null;
  /** Milliseconds since the epoch. */
  readonly at: number;
  /**
   * 'waiting': sent, not yet confirmed; 'refused': the server said no. A change still waiting
   * from an earlier visit of the page is checked against the server (settleLeftover).
   */
  readonly state: 'waiting' | 'refused';
  /** The page that sent it: a waiting change of another page has lost its answer. */
  readonly page: string;
}

const kinds = Object.keys(changeKinds) as ChangeKind[];

/** A kept change as the device's storage gives it back; null when it is not one. */
export function readUnsavedChange(value: unknown): UnsavedChange | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const texts = ['id', 'uid', 'workspace', 'workspaceName', 'code', 'name', 'page'] as const;
  if (!texts.every((key) => typeof v[key] === 'string')) return null;
  if (!kinds.includes(v.kind as ChangeKind) || typeof v.at !== 'number') return null;
  if (v.state !== 'waiting' && v.state !== 'refused') return null;
  // The fields are read as a saved code's are: what this version cannot read is not offered.
  const fields = v.kind === 'delete' ? null : fieldsIn(String(v.code), v.fields);
  if (v.kind !== 'delete' && !fields) return null;
  return { ...(v as unknown as UnsavedChange), fields };
}

/** A code's fields as the app reads them back (saved-code.ts); null when it cannot. */
function fieldsIn(code: string, data: unknown): SavedCodeFields | null {
  const read = savedCodeFrom(code, data);
  return read && fieldsOf(read);
}

/**
 * Whether the server's copy of the code (`stored`: its document's data, or undefined when there
 * is none) holds `change`: the code is gone after a deletion, or it holds the fields the change
 * saved. What else it holds (its times, who wrote it) is not compared: another member may have
 * written since, and the change was then saved before theirs only if its fields are still there.
 */
export function heldByServer(change: UnsavedChange, stored: unknown): boolean {
  if (change.kind === 'delete') return stored === undefined;
  if (stored === undefined || !change.fields) return false;
  const read = fieldsIn(change.code, stored);
  const kept = fieldsIn(change.code, change.fields);
  return read !== null && kept !== null && stableJson(read) === stableJson(kept);
}

/**
 * Why a change to a code of `workspaceName` could not be saved, in words, from what the person's
 * role there is now (null: they are no longer a member of it).
 */
export function refusedBecause(
  workspaceName: string,
  now: { readonly role: RoleId; readonly ownCodesOnly: boolean } | null,
): string {
  if (now === null) return `you are no longer a member of ${workspaceName}`;
  if (!roleMay(now.role, 'codes.write')) {
    const who = now.role === 'billing' ? 'a billing member' : article(roles[now.role].label);
    return `you are now ${who} of ${workspaceName}, who may not change its codes`;
  }
  if (now.role === 'editor' && now.ownCodesOnly) {
    return `in ${workspaceName} you may now change only the codes you made`;
  }
  return `${workspaceName} did not take it (it may have been changed or deleted by someone else meanwhile)`;
}

const article = (label: string) => `${/^[AEIOU]/.test(label) ? 'an' : 'a'} ${label.toLowerCase()}`;

/** A kept change as a file to keep: what was to be saved, readable as JSON. */
export const unsavedChangeJson = (change: UnsavedChange): string =>
  `${JSON.stringify(
    {
      code: change.name,
      workspace: change.workspaceName,
      change: changeKinds[change.kind],
      madeAt: new Date(change.at).toISOString(),
      fields: change.fields,
    },
    null,
    2,
  )}\n`;
