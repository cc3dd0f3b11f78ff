// After "Sign out other devices" (the account's refresh tokens revoked), every API of the site
// refuses an ID token issued before, on every request: links, files, mail, billing and account
// (functions/src/caller.ts and account-api.ts verify with checkRevoked).
import { describe, expect, inject, it } from 'vitest';
import type { Auth } from '../../functions/src/admin';
import { callerOf } from '../../functions/src/caller';
import { REVOKE_SESSIONS_PATH } from '../../src/domain/account-api';
import { BILLING_API_PATH } from '../../src/domain/billing';
import { MAIL_CODE_PATH } from '../../src/domain/mail';
import { FILES_API_PATH } from '../../src/domain/qr/hosting';
import { LINK_API_PATH } from '../../src/domain/qr/link-policy';
import { useEmulator } from '../rules/emulator';
import { idToken, PROJECT_ID, useFunctions } from './servers';

useEmulator();
const under = useFunctions();

/** The Auth emulator's REST API, as the project's owner. */
async function authEmulator(path: string, body: object) {
  const { host, port } = inject('auth');
  const response = await fetch(`http://${host}:${port}/identitytoolkit.googleapis.com/v1/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`Auth emulator ${path}: ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** The claims of an ID token (not checked: the functions do that). */
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as {
    auth_time: number;
  };

/**
 * Revokes every session of `uid` issued up to `token`, as the account API's revokeRefreshTokens
 * does: it sets the account's validSince to the time of the revocation, in whole seconds, and
 * Auth refuses a token whose auth_time is earlier. Set here to the second after the token's
 * sign-in, as a revocation in that second would, rather than waiting for it.
 */
async function revokeSessions(uid: string, token: string) {
  const validSince = String(claimsOf(token).auth_time + 1);
  await authEmulator(`projects/${PROJECT_ID}/accounts:update`, { localId: uid, validSince });
}

/** Every API of the site, each asked something its caller may do with a valid token. */
const requests: [string, string, object][] = [
  ['links', LINK_API_PATH, { code: 'someCode' }],
  ['files', FILES_API_PATH, { sha256: 'a'.repeat(64), size: 10, name: 'a.pdf', field: 'pdfFile' }],
  ['mail', MAIL_CODE_PATH, { id: 'request-1234', to: 'a@example.test' }],
  ['billing', `${BILLING_API_PATH}/orders`, { plan: 'monthly' }],
  ['account', REVOKE_SESSIONS_PATH, {}],
];

const call = async (path: string, body: object, token: string) =>
  (
    await fetch(`${under.origin}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    })
  ).status;

describe('signed out of every device', () => {
  it('every API refuses the ID token issued before, and takes a new sign-in’s', async () => {
    const uid = `sessions${Date.now().toString(36)}`;
    const old = await idToken(uid);
    // The token counts before: each API answers something other than 401.
    for (const [name, path, body] of requests.filter(([name]) => name !== 'account')) {
      expect(await call(path, body, old), name).not.toBe(401);
    }
    await revokeSessions(uid, old);
    for (const [name, path, body] of requests) {
      expect(await call(path, body, old), name).toBe(401);
    }
    // Signing in again gives a token that counts: once the second the revocation names has come
    // (a sign-in in an earlier one would be refused too).
    const revokedUntil = (claimsOf(old).auth_time + 1) * 1000;
    if (Date.now() < revokedUntil) {
      await new Promise((resolve) => setTimeout(resolve, revokedUntil - Date.now()));
    }
    const { idToken: fresh } = await authEmulator('accounts:signInWithPassword?key=test', {
      email: `${uid}@kcw.example`,
      password: `pass-${uid}-2026`,
      returnSecureToken: true,
    });
    expect(await call(`${BILLING_API_PATH}/orders`, { plan: 'monthly' }, String(fresh))).toBe(200);
  });

  // Against the Auth emulator the Admin SDK checks revocation whether asked or not, so the test
  // above passes either way; deployed, it checks only when asked. This holds callerOf to asking,
  // with an Auth that behaves as production's does.
  it('asks Auth whether the token was revoked, as production only does when asked', async () => {
    const asked: unknown[][] = [];
    const production = {
      verifyIdToken: async (token: string, checkRevoked?: boolean) => {
        asked.push([token, checkRevoked]);
        if (checkRevoked)
          throw Object.assign(new Error('revoked'), { code: 'auth/id-token-revoked' });
        return { uid: 'revoked-user', email_verified: true };
      },
    } as unknown as Auth;
    const request = { headers: { authorization: 'Bearer an-old-token' } };
    expect(await callerOf(production, request)).toBeNull();
    expect(asked).toEqual([['an-old-token', true]]);
  });
});
