// The saved codes of My QR Codes, users/{uid}/codes/{id}, and their count, users/{uid}: the only
// documents the app writes (src/features/qr/codes/saved-codes.ts), within firestore.rules, which
// hold the count to SAVED_CODES_MAX. The server reads a code to make its short link
// (functions/src/link-sync.ts) and to email it (mail-code.ts), and deletes them with the account.
// What a code holds, and its reader, are qr/saved-code.ts's (SavedCodeFields, savedCodeFrom).
import { savedCodeFrom, type SavedCode } from '../qr/saved-code';

export const USERS = 'users';
export const CODES = 'codes';

/** The user's own document: the count of their codes. */
export const userPath = (uid: string) => `${USERS}/${uid}`;

export const codesPath = (uid: string) => `${userPath(uid)}/${CODES}`;

export const codePath = (uid: string, id: string) => `${codesPath(uid)}/${id}`;

/** The code `id` as its document `data` holds it; null when the app cannot read it. */
export const readCode = (id: string, data: unknown): SavedCode | null => savedCodeFrom(id, data);

/** The count of codes users/{uid} holds; 0 before the first save, or when it is not a number. */
export function readCodeCount(data: unknown): number {
  const count = (data as { codeCount?: unknown } | null | undefined)?.codeCount;
  return typeof count === 'number' ? count : 0;
}

/**
 * What the app stores in users/{uid} with each new or deleted code, in the same batch: the count
 * moved (`by`, the store's increment) and the code it moved for, which the rules check.
 */
export const codeCountFields = <By>(by: By, changed: string) => ({ codeCount: by, changed });
