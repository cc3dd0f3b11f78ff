// The short links' read side in the app (src/features/qr/links/dynamic-links.ts) against the real
// Cloud Firestore emulator and firestore.rules: the owner sees their links and their scan figures,
// nobody else does. (Links are written by the server alone: tests/functions/link-sync.test.ts.)
import type { Firestore } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import {
  readLinkCounts,
  watchDynamicLinks,
  watchScanCounts,
  type DynamicLink,
  type LinkDays,
} from '../../src/features/qr/links/dynamic-links';
import { useEmulator } from './emulator';

const { as, stored } = useEmulator();

const link = (owner: string, code: string, fields: Record<string, unknown> = {}) => ({
  owner,
  code,
  target: `https://example.co.za/${code}`,
  deletedAt: null,
  disabled: null,
  ...fields,
});

/** One shard of Alice's link's figures of `day`. */
const shard = (day: string, scans: number, extra: Record<string, unknown> = {}) => ({
  owner: 'alice',
  link: 'AliceLink01',
  day,
  scans,
  ...extra,
});

/** The first value `watch` reports that satisfies `matches`. */
function first<T>(
  watch: (onChange: (value: T) => void, onError: (error: Error) => void) => () => void,
  matches: (value: T) => boolean = () => true,
) {
  return new Promise<T>((resolve, reject) => {
    const stop = watch((value) => {
      if (!matches(value)) return;
      stop();
      resolve(value);
    }, reject);
  });
}

const linksOf = (database: Firestore, uid: string) =>
  first<ReadonlyMap<string, DynamicLink>>((onChange, onError) =>
    watchDynamicLinks(database, uid, onChange, onError),
  );

describe('short links through the store', () => {
  it('lists the owner’s links by code, the live one over a retired one', async () => {
    await stored('dynamic/AliceLink01', link('alice', 'c1'));
    await stored('dynamic/AliceOld001', link('alice', 'c2', { deletedAt: new Date() }));
    await stored('dynamic/AliceNew001', link('alice', 'c2'));
    await stored('dynamic/AliceOff001', link('alice', 'c3', { disabled: { reason: 'spam' } }));
    await stored('dynamic/BobLink0001', link('bob', 'c1'));
    const links = await linksOf(as('alice'), 'alice');
    const to = (code: string) => ({ kind: 'redirect', target: `https://example.co.za/${code}` });
    expect([...links.values()]).toEqual([
      {
        id: 'AliceLink01',
        code: 'c1',
        destination: to('c1'),
        deleted: false,
        disabled: false,
        locked: false,
        passwordSet: false,
        watched: true,
        health: null,
      },
      {
        id: 'AliceNew001',
        code: 'c2',
        destination: to('c2'),
        deleted: false,
        disabled: false,
        locked: false,
        passwordSet: false,
        watched: true,
        health: null,
      },
      {
        id: 'AliceOff001',
        code: 'c3',
        destination: to('c3'),
        deleted: false,
        disabled: true,
        locked: false,
        passwordSet: false,
        watched: true,
        health: null,
      },
    ]);
    expect((await linksOf(as('bob'), 'bob')).get('c1')?.id).toBe('BobLink0001');
  });

  it('another user’s links are refused', async () => {
    await stored('dynamic/AliceLink01', link('alice', 'c1'));
    await expect(linksOf(as('bob'), 'alice')).rejects.toMatchObject({ code: 'permission-denied' });
  });

  it('sums each day’s shards of the owner’s links from a day on', async () => {
    await stored('dynamic/AliceLink01', link('alice', 'c1'));
    const phones = (scans: number) => ({ unique: 1, devices: { phone: scans } });
    await stored('dynamic/AliceLink01/counts/2026-11-20_0', shard('2026-11-20', 3, phones(3)));
    await stored(
      'dynamic/AliceLink01/counts/2026-11-20_7',
      shard('2026-11-20', 4, { ...phones(4), bots: 2 }),
    );
    await stored('dynamic/AliceLink01/counts/2026-11-01_2', shard('2026-11-01', 9, phones(9)));
    const counts = await first<ReadonlyMap<string, LinkDays>>((onChange, onError) =>
      watchScanCounts(as('alice'), 'alice', '2026-11-10', onChange, onError),
    );
    expect([...(counts.get('AliceLink01')?.keys() ?? [])]).toEqual(['2026-11-20']);
    expect(counts.get('AliceLink01')?.get('2026-11-20')).toMatchObject({
      scans: 7,
      unique: 2,
      bots: 2,
      devices: { phone: 7 },
    });
    await expect(
      first((onChange, onError) =>
        watchScanCounts(as('bob'), 'alice', '2026-11-10', onChange, onError),
      ),
    ).rejects.toMatchObject({ code: 'permission-denied' });
  });

  it('reads all of one link’s days once, for its owner only', async () => {
    await stored('dynamic/AliceLink01', link('alice', 'c1'));
    await stored('dynamic/AliceLink01/counts/2025-01-05_3', shard('2025-01-05', 2, { qr: 2 }));
    await stored('dynamic/AliceLink01/counts/2026-11-20_0', shard('2026-11-20', 3));
    await stored('dynamic/AliceLink01/counts/2026-11-20_7', shard('2026-11-20', 4, { heads: 1 }));
    await stored('dynamic/AliceLink01/counts/all_0', shard('all', 5));
    await stored('dynamic/AliceLink01/counts/all_4', shard('all', 4));
    // Another link's figures stay out of this one's.
    await stored('dynamic/AliceLink02/counts/2026-11-20_0', {
      ...shard('2026-11-20', 8),
      link: 'AliceLink02',
    });
    const days = await readLinkCounts(as('alice'), 'alice', 'AliceLink01');
    expect(Object.fromEntries([...days].map(([day, counts]) => [day, counts.scans]))).toEqual({
      '2025-01-05': 2,
      '2026-11-20': 7,
      all: 9,
    });
    expect(days.get('2026-11-20')).toMatchObject({ heads: 1 });
    await expect(readLinkCounts(as('bob'), 'alice', 'AliceLink01')).rejects.toMatchObject({
      code: 'permission-denied',
    });
    await expect(readLinkCounts(as('bob'), 'bob', 'AliceLink01')).resolves.toEqual(new Map());
  });
});
