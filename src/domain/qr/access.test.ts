// Who may open a dynamic code: the password's length, and when a guess may be checked at all.
import { describe, expect, it } from 'vitest';
import {
  attemptAllowed,
  PASSWORD_ATTEMPTS,
  PASSWORD_MIN,
  PASSWORD_HINT,
  passwordProblem,
} from './access';

describe('a new password', () => {
  it('has at least 8 characters, and says so before anything is typed', () => {
    expect(PASSWORD_MIN).toBe(8);
    expect(passwordProblem('seven77')).toBe('A password has at least 8 characters.');
    expect(passwordProblem('eight888')).toBeNull();
    expect(passwordProblem('x'.repeat(65))).toBe('A password has at most 64 characters.');
    expect(PASSWORD_HINT).toContain('at least 8 characters');
  });
});

describe('a guess at a password', () => {
  const { perClient, perPeer, perCode } = PASSWORD_ATTEMPTS;

  it('is checked until its client, or its peer, has used up its wrong ones', () => {
    expect(attemptAllowed({ client: 0, peer: 0, code: 0 })).toBe(true);
    expect(attemptAllowed({ client: perClient - 1, peer: 0, code: 0 })).toBe(true);
    expect(attemptAllowed({ client: perClient, peer: 0, code: 0 })).toBe(false);
    expect(attemptAllowed({ client: 0, peer: perPeer - 1, code: perPeer - 1 })).toBe(true);
    expect(attemptAllowed({ client: 0, peer: perPeer, code: perPeer })).toBe(false);
  });

  it('once the code is being guessed at, only a client’s first one is checked', () => {
    expect(attemptAllowed({ client: 1, peer: 1, code: perCode - 1 })).toBe(true);
    expect(attemptAllowed({ client: 1, peer: 1, code: perCode })).toBe(false);
    expect(attemptAllowed({ client: 0, peer: 0, code: perCode * 100 })).toBe(true);
  });

  it('a peer has room for ten clients’ mistakes', () => {
    expect(perPeer).toBe(10 * perClient);
  });
});
