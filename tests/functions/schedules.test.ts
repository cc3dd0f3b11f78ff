// A dynamic code's active days and scan limit at the redirect: before its first day, after its
// last and past its limit a scan gets what the owner chose (their message, or another address,
// itself held to the target rule and blocklist), and the scan still counts; in between, its target.
import { describe, expect, it } from 'vitest';
import { countsOf, scan, serverLink, useFunctions } from './servers';

const under = useFunctions();
const target = 'https://kemptoncodeworks.co.za/sale';

/** A link of Alice's to the sale, with `schedule`, as the server stores it. */
const scheduledLink = (schedule: Record<string, unknown>) =>
  serverLink(under, {
    target,
    schedule: { from: null, until: null, maxScans: null, inactive: null, ...schedule },
  });

const at = (wall: string) => () => new Date(`${wall}+02:00`);

describe('a scheduled code', () => {
  it('leads to its target only on its days, South African time; otherwise the owner’s message', async () => {
    const id = await scheduledLink({
      from: '2026-12-01',
      until: '2026-12-31',
      inactive: { kind: 'message', text: 'The December sale starts on 1 December.' },
    });
    under.clock = at('2026-11-30T23:59:00');
    const early = await scan(under.origin, `/q/${id}?qr=1`);
    expect(early.status).toBe(200);
    const page = await early.text();
    expect(page).toContain('This code is not active yet');
    expect(page).toContain('The December sale starts on 1 December.');

    under.clock = at('2026-12-31T23:30:00');
    const during = await scan(under.origin, `/q/${id}?qr=1`);
    expect(during.status).toBe(302);
    expect(during.headers.get('location')).toBe(target);

    under.clock = at('2027-01-01T00:00:00');
    const late = await scan(under.origin, `/q/${id}?qr=1`);
    expect(await late.text()).toContain('This code has ended');
    // Every scan counts, in or out of its days.
    under.clock = () => new Date();
    expect(await countsOf(under, id)).toMatchObject({ scans: 3 });
  });

  it('sends scans past its limit to the owner’s other address', async () => {
    const id = await scheduledLink({
      maxScans: 2,
      inactive: { kind: 'redirect', target: 'https://kemptoncodeworks.co.za/sold-out' },
    });
    for (let scanned = 0; scanned < 2; scanned += 1) {
      // Two people: one person's repeats within half a minute count once.
      const answer = await scan(under.origin, `/q/${id}`, { from: `196.25.9.${scanned}` });
      expect(answer.headers.get('location')).toBe(target);
      // Written before the next scan reads the count (the limit holds to a few seconds' scans).
      await countsOf(under, id);
    }
    const past = await scan(under.origin, `/q/${id}`);
    expect(past.status).toBe(302);
    expect(past.headers.get('location')).toBe('https://kemptoncodeworks.co.za/sold-out');
  });

  it('never sends scans to another address the target rule refuses: our page instead', async () => {
    const id = await scheduledLink({
      until: '2020-01-01',
      inactive: { kind: 'redirect', target: 'http://127.0.0.1:9999/admin' },
    });
    const answer = await scan(under.origin, `/q/${id}`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('This code is not active right now.');
  });
});
