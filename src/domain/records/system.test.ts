import { describe, expect, it } from 'vitest';
import { readUnlockKey, UNLOCK_KEY_PATH, unlockKeyFields } from './system';

describe("the server's unlock key as stored", () => {
  it('is read back as it is written, and is none before one is made', () => {
    expect(UNLOCK_KEY_PATH).toBe('system/unlock');
    expect(readUnlockKey(unlockKeyFields('a2V5'))).toBe('a2V5');
    for (const data of [undefined, {}, { key: 7 }]) expect(readUnlockKey(data)).toBeNull();
  });
});
