import { describe, expect, it } from 'vitest';
import {
  failureText,
  healthFields,
  healthLine,
  nextHealth,
  NOTICE_INTERVAL_MS,
  readHealth,
  shortDay,
  type CheckOutcome,
  type DestinationHealth,
  type HealthNotice,
} from './destination-health';

const DAY = NOTICE_INTERVAL_MS;
const ok: CheckOutcome = { kind: 'ok', status: 200 };
const gone: CheckOutcome = { kind: 'status', status: 404 };
const start = Date.parse('2026-11-25T01:00:00Z');

/** The notices a run of daily (or `step`) checks sends, and the health after the last. */
function run(outcomes: readonly CheckOutcome[], step = DAY) {
  let health: DestinationHealth | null = null;
  const notices: (HealthNotice | null)[] = [];
  outcomes.forEach((outcome, index) => {
    const next = nextHealth(health, outcome, start + index * step);
    notices.push(next.notice);
    health = next.health;
  });
  return { notices, health: health as DestinationHealth | null };
}

describe('when the owners are told', () => {
  it('once when a destination breaks and once when it recovers, not once a day', () => {
    expect(run([ok, gone, gone, gone, ok, ok, ok]).notices).toEqual([
      null,
      'broken',
      null,
      null,
      'recovered',
      null,
      null,
    ]);
  });

  it('at the first check when it fails from the start; never for one that always answers', () => {
    expect(run([gone, gone]).notices).toEqual(['broken', null]);
    expect(run([ok, ok, ok]).notices).toEqual([null, null, null]);
  });

  it('never more than once a day, however often it is checked (Check now) or flaps', () => {
    const hourly = run([ok, gone, ok, gone, ok, gone, ok], DAY / 24);
    expect(hourly.notices).toEqual([null, 'broken', null, null, null, null, null]);
    // Recovered within the day: told at the first check a day after the break.
    const flapped = run([gone, ok, ok], DAY / 2);
    expect(flapped.notices).toEqual(['broken', null, 'recovered']);
  });

  it('counts "since" from the first check of the current state', () => {
    const { health } = run([ok, gone, { kind: 'dns' }, { kind: 'timeout' }]);
    expect(health!.since).toBe(start + DAY);
    expect(health!.checkedAt).toBe(start + 3 * DAY);
    expect(health!.noticed).toBe('broken');
    expect(health!.noticedAt).toBe(start + DAY);
  });
});

describe('what a failing destination says', () => {
  it('names the failure and the day it began, on South African time', () => {
    const { health } = run([gone]);
    expect(healthLine(health)).toBe('Answered 404 since 25 Nov');
    expect(healthLine(run([ok]).health)).toBeNull();
    expect(healthLine(null)).toBeNull();
    // 23:30 UTC on 30 November is already 1 December in Johannesburg.
    expect(shortDay(Date.parse('2026-11-30T23:30:00Z'))).toBe('1 Dec');
  });

  it('has words for every outcome', () => {
    const outcomes: CheckOutcome[] = [
      { kind: 'status', status: 503 },
      { kind: 'dns' },
      { kind: 'tls' },
      { kind: 'timeout' },
      { kind: 'redirects' },
      { kind: 'unreachable' },
      { kind: 'refused' },
    ];
    expect(outcomes.map(failureText)).toEqual([
      'Answered 503',
      'Its web address is not found',
      'Its secure connection fails',
      'No answer within 10 s',
      'Redirected more than 5 times',
      'It refuses the connection',
      'It leads to a private address, which the check does not open',
    ]);
  });
});

describe('the stored health', () => {
  it('reads back what the server stores, and nothing it does not understand', () => {
    const { health } = run([ok, gone]);
    expect(readHealth(healthFields(health!))).toEqual(health);
    expect(readHealth({ ...healthFields(health!), outcome: { kind: 'teapot' } })).toBeNull();
    expect(readHealth({ outcome: { kind: 'status' }, since: 1, checkedAt: 1 })).toBeNull();
    expect(readHealth(null)).toBeNull();
    expect(readHealth({ outcome: { kind: 'dns' }, since: 1, checkedAt: 2, noticed: 'x' })).toEqual({
      outcome: { kind: 'dns' },
      since: 1,
      checkedAt: 2,
      noticed: null,
      noticedAt: null,
    });
  });
});
