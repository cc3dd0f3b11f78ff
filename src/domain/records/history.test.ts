import { describe, expect, it } from 'vitest';
import type { Destination } from '../qr/landing';
import {
  changesBetween,
  historyEntryPath,
  historyFields,
  historyPath,
  readHistoryEntry,
} from './history';

const to = (target: string, schedule?: Destination['schedule']): Destination => ({
  kind: 'redirect',
  target,
  ...(schedule ? { schedule } : {}),
});

const until = (day: string) => ({ from: null, until: day, maxScans: null, inactive: null });

describe('a history entry', () => {
  it('lives under the workspace account’s own document', () => {
    expect(historyPath('acme')).toBe('users/acme/history');
    expect(historyEntryPath('acme', 'e1')).toBe('users/acme/history/e1');
  });

  it('reads back what the server stores: who, when, what changed, and the old and new target', () => {
    const at = { toMillis: () => 1_700_000_000_000 };
    const stored = historyFields(
      {
        code: 'menu',
        link: 'Ab3dEf7h',
        by: { uid: 'thandi', email: 'thandi@example.co.za' },
        changes: ['target'],
        from: to('https://example.co.za/old'),
        to: to('https://example.co.za/new'),
      },
      at,
    );
    expect(readHistoryEntry('e1', stored)).toEqual({
      id: 'e1',
      code: 'menu',
      link: 'Ab3dEf7h',
      by: 'thandi',
      byEmail: 'thandi@example.co.za',
      at: 1_700_000_000_000,
      changes: ['target'],
      from: 'Leads to https://example.co.za/old',
      to: 'Leads to https://example.co.za/new',
    });
  });

  it('is not an entry without its code, link, author, time or a change it knows', () => {
    const good = { code: 'c', link: 'l', by: 'u', at: 1, changes: ['retired'] };
    expect(readHistoryEntry('e', good)).not.toBeNull();
    for (const key of ['code', 'link', 'by', 'at'] as const) {
      expect(readHistoryEntry('e', { ...good, [key]: undefined }), key).toBeNull();
    }
    expect(readHistoryEntry('e', { ...good, changes: ['renamed'] })).toBeNull();
    expect(readHistoryEntry('e', null)).toBeNull();
    // Unknown changes are left out of one that has known ones too.
    expect(readHistoryEntry('e', { ...good, changes: ['renamed', 'retired'] })?.changes).toEqual([
      'retired',
    ]);
  });
});

describe('what an update changed', () => {
  const before = { destination: to('https://a.example/'), locked: false, deleted: false };

  it('names a new target, new dates, a lock and a restore, each apart', () => {
    expect(
      changesBetween(before, { destination: to('https://b.example/'), locked: false }),
    ).toEqual(['target']);
    expect(
      changesBetween(before, {
        destination: to('https://a.example/', until('2026-12-31')),
        locked: false,
      }),
    ).toEqual(['schedule']);
    expect(changesBetween(before, { destination: before.destination, locked: true })).toEqual([
      'locked',
    ]);
    expect(
      changesBetween(
        { ...before, locked: true },
        { destination: before.destination, locked: false },
      ),
    ).toEqual(['unlocked']);
    expect(
      changesBetween(
        { ...before, deleted: true },
        { destination: before.destination, locked: false },
      ),
    ).toEqual(['restored']);
  });

  it('names nothing when only the order of the schedule’s stored keys differs', () => {
    const schedule = until('2026-12-31');
    const reordered = Object.fromEntries(Object.entries(schedule).reverse()) as typeof schedule;
    expect(
      changesBetween(
        { ...before, destination: to('https://a.example/', schedule) },
        { destination: to('https://a.example/', reordered), locked: false },
      ),
    ).toEqual([]);
  });
});
