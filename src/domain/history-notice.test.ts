import { describe, expect, it } from 'vitest';
import {
  DESTINATION_NOTICE_LABEL,
  destinationNotice,
  isDestinationChange,
  type DestinationChange,
} from './history-notice';
import { noticeText } from './notice-text';

const change: DestinationChange = {
  code: 'menu',
  codeName: 'Lunch menu',
  link: 'Ab3dEf7hJk',
  changes: ['target'],
  from: 'Leads to https://example.co.za/old-menu',
  to: 'Leads to https://example.co.za/menu',
  by: 'thandi@example.co.za',
  at: Date.UTC(2026, 10, 20, 8, 5),
};
const site = { workspace: null, origin: 'https://codes.example.co.za/' };

describe('the notice of a new destination', () => {
  it('is sent for a change of destination only, with or beside other changes', () => {
    expect(isDestinationChange(['target'])).toBe(true);
    expect(isDestinationChange(['restored', 'target'])).toBe(true);
    for (const changes of [['created'], ['schedule'], ['password-set'], ['retired']] as const) {
      expect(isDestinationChange(changes), changes[0]).toBe(false);
    }
  });

  it('says which code, before and after, who and when, with the way to its history', () => {
    const notice = destinationNotice(change, site);
    expect(notice.subject).toBe('“Lunch menu” now leads somewhere else');
    expect(noticeText(notice)).toBe(
      [
        'Hello,',
        '',
        'The printed code “Lunch menu” of your account now leads somewhere else.',
        'Its short link: https://codes.example.co.za/q/Ab3dEf7hJk',
        '',
        'Before: Leads to https://example.co.za/old-menu',
        'Now: Leads to https://example.co.za/menu',
        '',
        'Changed by thandi@example.co.za on 20 November 2026, 10:05 (South African time).',
        '',
        'Every change of this code: https://codes.example.co.za/UserHistory?code=menu',
        '',
        `You get this email because you asked for it on the history of printed codes of your account at https://codes.example.co.za. To stop it, untick “${DESTINATION_NOTICE_LABEL}” there: https://codes.example.co.za/UserHistory`,
        '',
      ].join('\n'),
    );
  });

  it('names another’s workspace by its address, a code without a name by its link, and what else changed', () => {
    const notice = destinationNotice(
      { ...change, codeName: null, changes: ['restored', 'target'], from: null },
      { workspace: 'cafe@example.co.za', origin: 'https://codes.example.co.za' },
    );
    expect(notice.subject).toBe('A printed code now leads somewhere else (Ab3dEf7hJk)');
    const text = noticeText(notice);
    expect(text).toContain(
      'The printed code with the short link Ab3dEf7hJk of cafe@example.co.za now leads somewhere else.',
    );
    expect(text).toContain('Before: Nowhere (the link was retired)');
    expect(text).toContain('Also: Restored');
    expect(text).toContain('on the history of printed codes of cafe@example.co.za at');
  });
});
