import { describe, expect, it } from 'vitest';
import { emptyCounts } from '../qr/scan-counts';
import {
  countsByDay,
  countShardKeys,
  countShardPath,
  linkCountsPath,
  readCountShard,
} from './link-counts';

describe("a short link's figures as stored", () => {
  it('are shards under the link, one path per day and shard', () => {
    expect(linkCountsPath('Abc12345')).toBe('dynamic/Abc12345/counts');
    expect(countShardPath('Abc12345', '2026-11-20', 3)).toBe(
      'dynamic/Abc12345/counts/2026-11-20_3',
    );
  });

  it('reads a shard the counter wrote, and nothing without a day', () => {
    const stored = { ...countShardKeys('alice', 'Abc12345', '2026-11-20'), scans: 3, qr: 2 };
    expect(readCountShard(stored)).toEqual({
      link: 'Abc12345',
      day: '2026-11-20',
      counts: { ...emptyCounts, scans: 3, qr: 2, devices: {}, os: {}, hours: {} },
    });
    expect(readCountShard({ link: 'Abc12345', scans: 3 })).toBeNull();
    expect(readCountShard(null)).toBeNull();
    expect(readCountShard({ day: '2026-11-20', link: 7, scans: -1 })).toMatchObject({
      link: null,
      counts: { scans: 0 },
    });
  });

  it('adds shards up by day', () => {
    const shard = (day: string, scans: number) =>
      readCountShard({ day, scans, hours: { '09': 1 } })!;
    const days = countsByDay([shard('2026-11-20', 2), shard('all', 5), shard('2026-11-20', 1)]);
    expect([...days.keys()]).toEqual(['2026-11-20', 'all']);
    expect(days.get('2026-11-20')).toMatchObject({ scans: 3, hours: { '09': 2 } });
    expect(days.get('all')).toMatchObject({ scans: 5 });
  });
});
