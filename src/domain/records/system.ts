// The server's own secrets, system/*, which no client reads or writes (no rule matches them):
// system/unlock, the key that signs the cookies of unlocked links and hides clients' addresses in
// the count of wrong passwords (functions/src/passwords.ts), made by whichever instance needs it
// first.
export const UNLOCK_KEY_PATH = 'system/unlock';

/** The key (base64) its document `data` holds, or null before one is made. */
export function readUnlockKey(data: unknown): string | null {
  const key = (data as { key?: unknown } | null | undefined)?.key;
  return typeof key === 'string' ? key : null;
}

/** What is stored of the key: base64 text. */
export const unlockKeyFields = (key: string) => ({ key });
