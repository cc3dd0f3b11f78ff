import { describe, expect, it } from 'vitest';
import { NO_NOTICES, noticeFields, noticePath, noticesPath, readNotice } from './notices';

describe('a notice choice', () => {
  it('lives under the workspace account’s own document, one per person', () => {
    expect(noticesPath('acme')).toBe('users/acme/notices');
    expect(noticePath('acme', 'thandi')).toBe('users/acme/notices/thandi');
  });

  it('reads back what the person stores: the choice and when', () => {
    const at = { toMillis: () => 1_700_000_000_000 };
    expect(noticeFields({ destination: true, weekly: false }, at)).toEqual({
      destination: true,
      weekly: false,
      updatedAt: at,
    });
    expect(readNotice(noticeFields({ destination: true, weekly: false }, at))).toEqual({
      destination: true,
      weekly: false,
      updatedAt: 1_700_000_000_000,
    });
    expect(readNotice(noticeFields({ destination: false, weekly: true }, at))).toMatchObject({
      destination: false,
      weekly: true,
    });
  });

  it('is no email unless the document plainly asks for one', () => {
    expect(readNotice(undefined)).toEqual(NO_NOTICES);
    expect(readNotice(null)).toEqual(NO_NOTICES);
    expect(readNotice({ destination: 'true' })).toEqual(NO_NOTICES);
    expect(readNotice({ destination: 1 })).toEqual(NO_NOTICES);
  });
});
