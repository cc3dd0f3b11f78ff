// Where scans come from, with nothing stored that identifies anyone: the country of the client's
// address (the one the platform appends), looked up in the bundled database while the request is
// in memory (functions/src/geo.ts), counted by day beside the other classes; then every document
// a scan wrote is read back, and none holds the address.
import { describe, expect, it } from 'vitest';
import { countryOf, loadCountries } from '../../functions/src/geo';
import { countsByDay, linkCountsPath, readCountShard } from '../../src/domain/records/link-counts';
import { linkPath } from '../../src/domain/records/links';
import { SALTS, linkVisitorsPath } from '../../src/domain/records/visitors';
import { scanDay } from '../../src/domain/qr/scan-time';
import { PHONE, countsOf, scan, serverLink, useFunctions } from './servers';

const under = useFunctions();

describe('the country of an address', () => {
  it('is found in the bundled database, with no network', () => {
    expect(loadCountries()).toBe(true);
    expect(countryOf('41.0.0.1')).toBe('ZA'); // Telkom, South Africa
    expect(countryOf('196.25.1.1')).toBe('ZA');
    expect(countryOf('8.8.8.8')).toBe('US');
    expect(countryOf('81.2.69.160')).toBe('GB');
    expect(countryOf('2001:4860:4860::8888')).toBe('US');
  });

  it('is unknown for a private or malformed address, or none', () => {
    for (const address of ['127.0.0.1', '10.0.0.1', '::1', 'not an address', '', null]) {
      expect(countryOf(address), String(address)).toBeNull();
    }
  });
});

describe('scans by country', () => {
  it('counts each scan under its country, and stores no address anywhere', async () => {
    const id = await serverLink(under);
    const phone = (n: number) => PHONE.replace('Mobile', `Mobile/${n}`);
    const from = [
      ...Array.from({ length: 6 }, (_, n) => `41.0.0.${n + 1}`),
      '81.2.69.160',
      '10.9.9.9',
    ];
    for (const [n, address] of from.entries()) {
      await scan(under.origin, `/q/${id}?qr=1`, { from: address, userAgent: phone(n) });
    }
    const day = scanDay(new Date());
    expect(await countsOf(under, id, day)).toMatchObject({
      scans: 8,
      countries: { ZA: 6, GB: 1, unknown: 1 },
    });

    // As every reader gets them: the one from Britain under "other places".
    const shards = await under.db.collection(linkCountsPath(id)).get();
    const folded = countsByDay(shards.docs.map((document) => readCountShard(document.data())!));
    expect(folded.get(day)!.countries).toEqual({ ZA: 6, other: 1, unknown: 1 });

    // Every document a scan writes: the link's figures, its visitors of the day, the day's salt,
    // and the link itself. None holds an address, whole or in part.
    const written = [
      ...shards.docs,
      ...(await under.db.collection(linkVisitorsPath(id)).get()).docs,
      ...(await under.db.collection(SALTS).get()).docs,
      await under.db.doc(linkPath(id)).get(),
    ].map((document) => JSON.stringify({ id: document.id, ...document.data() }));
    expect(written.length).toBeGreaterThan(3);
    for (const text of written) {
      for (const address of from) {
        expect(text).not.toContain(address);
      }
      expect(text).not.toMatch(/\b41\.0\.0\.\d|\b81\.2\.69|\b10\.9\.9/);
    }
  });
});
