import { describe, expect, it } from 'vitest';
import {
  codeLabel,
  codeOptions,
  filterHistory,
  formatSaTime,
  historyCsv,
  historyCsvFileName,
  personOptions,
  whoLabel,
} from './history-view';
import type { HistoryEntry } from './records/history';

const entry = (fields: Partial<HistoryEntry> & Pick<HistoryEntry, 'id'>): HistoryEntry => ({
  code: 'menu',
  link: 'Ab3dEf7hJk',
  by: 'thandi',
  byEmail: 'thandi@example.co.za',
  // 20 November 2026, 08:05 UTC: 10:05 in South Africa.
  at: Date.UTC(2026, 10, 20, 8, 5),
  changes: ['target'],
  from: 'Leads to https://example.co.za/old-menu',
  to: 'Leads to https://example.co.za/menu',
  ...fields,
});

// Newest first, as the page lists them.
const entries = [
  entry({
    id: 'e3',
    code: 'poster',
    link: 'PoSt3rLink',
    by: 'sipho',
    byEmail: 'sipho@example.co.za',
  }),
  entry({ id: 'e2', changes: ['password-set'] }),
  entry({ id: 'e1', by: 'thandi', byEmail: 'thandi@old.example.co.za', changes: ['created'] }),
];
const names = new Map([['menu', 'Lunch menu']]);

describe('the filters', () => {
  it('keep the entries of one code, of one person, or of both, in their order', () => {
    const ids = (code: string | null, by: string | null) =>
      filterHistory(entries, { code, by }).map((one) => one.id);
    expect(ids(null, null)).toEqual(['e3', 'e2', 'e1']);
    expect(ids('menu', null)).toEqual(['e2', 'e1']);
    expect(ids(null, 'sipho')).toEqual(['e3']);
    expect(ids('poster', 'thandi')).toEqual([]);
  });

  it('offer each code once, by its name, or by its short link once the code is gone', () => {
    expect(codeOptions(entries, names)).toEqual([
      { value: 'menu', label: 'Lunch menu' },
      { value: 'poster', label: 'Short link PoSt3rLink' },
    ]);
  });

  it('offer each person once, by the address of their latest change', () => {
    expect(personOptions(entries, 'acme')).toEqual([
      { value: 'sipho', label: 'sipho@example.co.za' },
      { value: 'thandi', label: 'thandi@example.co.za' },
    ]);
  });
});

describe('an entry in words', () => {
  it('names who made the change, also without an address', () => {
    expect(whoLabel({ by: 'thandi', byEmail: 'thandi@example.co.za' }, 'acme')).toBe(
      'thandi@example.co.za',
    );
    expect(whoLabel({ by: 'acme', byEmail: null }, 'acme')).toBe('The account holder');
    expect(whoLabel({ by: 'u123', byEmail: null }, 'acme')).toBe('Account u123');
  });

  it('names the code, and says when on South African time', () => {
    expect(codeLabel(entries[1], names)).toBe('Lunch menu');
    expect(codeLabel(entries[0], names)).toBe('Short link PoSt3rLink');
    expect(formatSaTime(Date.UTC(2026, 10, 20, 8, 5))).toBe('20 November 2026, 10:05');
    // 23:30 UTC is already the next day in South Africa.
    expect(formatSaTime(Date.UTC(2026, 11, 31, 23, 30))).toBe('1 January 2027, 01:30');
  });
});

describe('the CSV', () => {
  const context = { names, origin: 'https://codes.example.co.za/', workspace: 'acme' };

  it('starts with the byte-order mark and a header, then a row per entry as the page shows it', () => {
    const csv = historyCsv(entries.slice(0, 2), context);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'when (UTC ISO 8601),when (South African time),code,short link,who,changes,from,to',
      '2026-11-20T08:05:00.000Z,"20 November 2026, 10:05",Short link PoSt3rLink,https://codes.example.co.za/q/PoSt3rLink,sipho@example.co.za,Now leads somewhere else,Leads to https://example.co.za/old-menu,Leads to https://example.co.za/menu',
      '2026-11-20T08:05:00.000Z,"20 November 2026, 10:05",Lunch menu,https://codes.example.co.za/q/Ab3dEf7hJk,thandi@example.co.za,Password set,Leads to https://example.co.za/old-menu,Leads to https://example.co.za/menu',
      '',
    ]);
  });

  it('keeps a spreadsheet from running a cell as a formula, and quotes what needs it', () => {
    const csv = historyCsv(
      [
        entry({
          id: 'x',
          changes: ['target', 'schedule'],
          from: null,
          to: 'Shows the coupon code "=1+1"',
          byEmail: '=cmd@example.co.za',
        }),
      ],
      { ...context, names: new Map([['menu', '=HYPERLINK("https://evil.example")']]) },
    );
    const row = csv.split('\r\n')[1];
    expect(row).toContain(`"'=HYPERLINK(""https://evil.example"")"`);
    expect(row).toContain(`'=cmd@example.co.za`);
    expect(row).toContain('Now leads somewhere else; Dates or scan limit changed');
    expect(row.endsWith(',,"Shows the coupon code ""=1+1"""')).toBe(true);
  });

  it('is named by the South African date of the download', () => {
    expect(historyCsvFileName(new Date('2026-11-24T22:30:00Z'))).toBe(
      'history-of-printed-codes-2026-11-25.csv',
    );
  });
});
