import { describe, expect, it } from 'vitest';
import {
  accountPath,
  passwordChangesPath,
  readAccount,
  readHourCount,
  trialStartFields,
} from './accounts';

const day = Date.UTC(2026, 10, 20);
const timestamp = (millis: number) => ({ toMillis: () => millis });

describe("an account's document as stored", () => {
  it('lives at accounts/{uid}, its password changes under it', () => {
    expect(accountPath('alice')).toBe('accounts/alice');
    expect(passwordChangesPath('alice')).toBe('accounts/alice/private/password-changes');
  });

  it('reads a new account: no usage, the trial from the sign-up, not yet stored', () => {
    const account = readAccount(undefined);
    expect(account.usage('2026-11-20')).toEqual({
      activeLinks: 0,
      day: '2026-11-20',
      newLinks: 0,
      targetChanges: 0,
    });
    expect(account.terms(day)).toEqual({ trialStartedAt: day, planId: null, paidUntil: null });
    expect(account.trialStored).toBe(false);
  });

  it("reads the day's usage, which starts again on a new day, and the stored trial", () => {
    const account = readAccount({
      activeLinks: 3,
      day: '2026-11-20',
      newLinks: 2,
      targetChanges: 5,
      ...trialStartFields(timestamp(day - 1000)),
    });
    expect(account.usage('2026-11-20')).toMatchObject({ activeLinks: 3, newLinks: 2 });
    expect(account.usage('2026-11-21')).toMatchObject({ activeLinks: 3, newLinks: 0 });
    expect(account.trialStored).toBe(true);
    expect(account.terms(day).trialStartedAt).toBe(day - 1000);
  });

  it('reads the passwords set this hour, and none before the first', () => {
    expect(readHourCount({ count: 2, since: timestamp(day) })).toEqual({
      count: 2,
      since: day,
    });
    expect(readHourCount(undefined)).toEqual({ count: 0, since: null });
  });
});
