// The redirect while Firestore is unreachable, on a Firestore emulator of this file's own that is
// frozen (SIGSTOP: connections stay open, nothing answers, as in a network partition) and thawed
// again: a link read recently keeps redirecting from the instance's memory, and the scans made
// meanwhile are counted once Firestore is back, none twice.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirestore } from '../../scripts/serve/firestore-emulator.mjs';
import { freePort } from '../../scripts/serve/ports.mjs';
import { FieldValue } from '../../functions/src/admin';
import { countsOf, PROJECT_ID, scan, useFunctions } from './servers';
import { linkPath } from '../../src/domain/records/links';

let emulator: Awaited<ReturnType<typeof startFirestore>> | undefined;
beforeAll(async () => {
  emulator = await startFirestore({
    port: await freePort(),
    rulesPath: fileURLToPath(new URL('../../firestore.rules', import.meta.url)),
    projectId: PROJECT_ID,
  });
});
afterAll(() => emulator?.stop());

// Links are never fresh here, so every scan below reads Firestore again, and fails to.
const under = useFunctions({
  firestore: () => emulator!,
  reader: { freshMs: 0, timeoutMs: 300, firstTimeoutMs: 600 },
});

const target = 'https://kemptoncodeworks.co.za/poster';

describe('Firestore unreachable for a moment', () => {
  it('a link read recently keeps redirecting, and its scans are counted when it is back', async () => {
    await under.db.doc(linkPath('PosterLink1')).set({
      owner: 'alice',
      code: 'c1',
      target,
      deletedAt: null,
      disabled: null,
      createdAt: FieldValue.serverTimestamp(),
    });
    // Read once, and counted. (Each scan is another phone's: one phone's repeats count once.)
    const phone = (index: number) => ({ from: `196.25.7.${index}` });
    expect(
      (await scan(under.origin, '/q/PosterLink1?qr=1', phone(100))).headers.get('location'),
    ).toBe(target);
    await under.counter.drain();

    emulator!.pause();
    try {
      // The first scan waits for the read, which fails: the copy in memory answers. Then, for a
      // few seconds, copies answer at once: an outage does not make every scan wait.
      expect((await scan(under.origin, '/q/PosterLink1?qr=1', phone(101))).status).toBe(302);
      expect((await scan(under.origin, '/q/PosterLink1?qr=1', phone(102))).status).toBe(302);
      expect(under.reader.stats).toEqual({ failedReads: 1, servedStale: 2 });
      const during = await Promise.all(
        Array.from({ length: 30 }, (_, index) =>
          scan(under.origin, '/q/PosterLink1?qr=1', phone(index)),
        ),
      );
      expect(during.map((response) => response.status)).toEqual(Array(30).fill(302));
      expect(new Set(during.map((response) => response.headers.get('location')))).toEqual(
        new Set([target]),
      );
      expect(under.reader.stats.servedStale).toBeGreaterThan(0);
      // A link never read by this instance cannot be answered: "try again", not an error.
      const unknown = await scan(under.origin, '/q/NeverRead01');
      expect(unknown.status).toBe(503);
      expect(unknown.headers.get('retry-after')).toBe('30');
      expect(under.counter.pending).toBe(32);
    } finally {
      emulator!.resume();
    }
    expect(await countsOf(under, 'PosterLink1')).toMatchObject({ scans: 33, qr: 33, unique: 33 });
    expect(under.counter.pending).toBe(0);
    expect(under.counter.stats.lost).toBe(0);
  });
});
