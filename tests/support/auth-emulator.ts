// Helpers for specs that talk to the Firebase Auth emulator (started by scripts/serve/serve.mjs with
// the users in emulator-seed/) over its REST API. Two test workers share one emulator, so specs
// create their own users with unique addresses and never delete all accounts.

export const projectId = 'demo-kcw';
export const authEmulatorOrigin = 'http://127.0.0.1:9099';
/** The key the build uses without VITE_FIREBASE_* variables (the emulator accepts any). */
export const apiKey = 'demo-kcw-key';

/** The first seeded user (email verified). */
export const demoUser = {
  email: 'demo@kemptoncodeworks.test',
  password: 'Demo-pass-2026',
  displayName: 'Demo User',
} as const;

/** The second seeded user (email verified). */
export const builderUser = {
  email: 'builder@kemptoncodeworks.test',
  password: 'Builder-pass-2026',
  displayName: 'Thandi Builder',
} as const;

export interface TestUser {
  uid: string;
  email: string;
  password: string;
  displayName?: string;
}

export interface OobCode {
  email: string;
  requestType: 'PASSWORD_RESET' | 'VERIFY_EMAIL' | 'EMAIL_SIGNIN' | 'VERIFY_AND_CHANGE_EMAIL';
  oobCode: string;
  /** The emulator's own action page, e.g. `…/emulator/action?mode=resetPassword&oobCode=…`. */
  oobLink: string;
}

/** An error answer of the emulator; `code` is its message, e.g. `INVALID_LOGIN_CREDENTIALS`. */
export class AuthEmulatorError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
  ) {
    super(`Auth emulator: ${code} (HTTP ${status})`);
  }
}

/** An address no other test uses, e.g. `user-m3x1k2-5f0c9a1e@example.test`. */
export function uniqueEmail(prefix = 'user'): string {
  const random = crypto.randomUUID().slice(0, 8);
  return `${prefix}-${Date.now().toString(36)}-${random}@example.test`.toLowerCase();
}

/**
 * Calls `identitytoolkit.googleapis.com/v1/<path>` on the emulator, as the app does (with the
 * API key) or, with `admin`, as the Admin SDK does (may set any field, e.g. `emailVerified`).
 * Throws an AuthEmulatorError for an error answer.
 */
export async function identityToolkit<T = Record<string, unknown>>(
  path: string,
  body: object,
  { admin = false } = {},
): Promise<T> {
  const url = admin
    ? `${authEmulatorOrigin}/identitytoolkit.googleapis.com/v1/projects/${projectId}/${path}`
    : `${authEmulatorOrigin}/identitytoolkit.googleapis.com/v1/${path}?key=${apiKey}`;
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(admin ? { Authorization: 'Bearer owner' } : {}),
    },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as T & { error?: { message: string } };
  if (!response.ok || json.error) {
    throw new AuthEmulatorError(json.error?.message ?? 'UNKNOWN', response.status);
  }
  return json;
}

/** Creates an account with a password (email not verified unless asked). */
export async function createUser({
  email,
  password,
  displayName,
  emailVerified = false,
}: {
  email: string;
  password: string;
  displayName?: string;
  emailVerified?: boolean;
}): Promise<TestUser> {
  const { localId } = await identityToolkit<{ localId: string }>(
    'accounts',
    { email, password, displayName, emailVerified },
    { admin: true },
  );
  return { uid: localId, email, password, displayName };
}

/** Signs in as the app does; throws AuthEmulatorError (e.g. INVALID_LOGIN_CREDENTIALS). */
export function signIn(email: string, password: string) {
  return identityToolkit<{ localId: string; email: string; idToken: string; refreshToken: string }>(
    'accounts:signInWithPassword',
    { email, password, returnSecureToken: true },
  );
}

/** The stored account for an address, or undefined. */
export async function getUser(email: string) {
  const { users } = await identityToolkit<{
    users?: { localId: string; email: string; displayName?: string; emailVerified?: boolean }[];
  }>('accounts:lookup', { email: [email] }, { admin: true });
  return users?.[0];
}

export async function userExists(email: string): Promise<boolean> {
  return (await getUser(email)) !== undefined;
}

/** The emails the emulator would have sent (reset, verification), for one address or all. */
export async function oobCodes(email?: string): Promise<OobCode[]> {
  const response = await fetch(`${authEmulatorOrigin}/emulator/v1/projects/${projectId}/oobCodes`);
  if (!response.ok) throw new AuthEmulatorError('OOB_CODES_UNAVAILABLE', response.status);
  const { oobCodes: codes = [] } = (await response.json()) as { oobCodes?: OobCode[] };
  return email === undefined
    ? codes
    : codes.filter((code) => code.email.toLowerCase() === email.toLowerCase());
}
