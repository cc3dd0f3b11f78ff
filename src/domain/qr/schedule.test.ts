import { describe, expect, it } from 'vitest';
import { emptyContent, textFields } from './content';
import { checkContent } from './content';
import { linkDestination } from './dynamic';
import { describeDestination } from './landing';
import { qrTypes } from './qr-types';
import {
  describeSchedule,
  isDay,
  scheduleFrom,
  scheduleOf,
  scheduleState,
  type LinkSchedule,
} from './schedule';

const schedule = (fields: Partial<LinkSchedule> = {}): LinkSchedule => ({
  from: null,
  until: null,
  maxScans: null,
  inactive: null,
  ...fields,
});
/** A moment by its South African wall clock (UTC+2). */
const sast = (wall: string) => new Date(`${wall}+02:00`);

describe('scheduleState', () => {
  it('is active from 00:00 of the first day to 24:00 of the last, South African time', () => {
    const december = schedule({ from: '2026-12-01', until: '2026-12-31' });
    expect(scheduleState(december, sast('2026-11-30T23:59:59'), 0)).toBe('not-yet');
    expect(scheduleState(december, sast('2026-12-01T00:00:00'), 0)).toBe('active');
    // 23:30 on the 31st in Kempton Park is still the 31st, though it is the 31st 21:30 UTC.
    expect(scheduleState(december, sast('2026-12-31T23:30:00'), 0)).toBe('active');
    expect(scheduleState(december, sast('2027-01-01T00:00:00'), 0)).toBe('ended');
  });

  it('is used up once the scans reach the limit', () => {
    const fifty = schedule({ maxScans: 50 });
    expect(scheduleState(fifty, new Date(), 49)).toBe('active');
    expect(scheduleState(fifty, new Date(), 50)).toBe('used-up');
    expect(scheduleState(schedule(), new Date(), 10 ** 9)).toBe('active');
  });
});

describe('scheduleFrom and scheduleOf', () => {
  const text =
    (values: Record<string, string>) =>
    (id: string): string =>
      values[id] ?? '';

  it('is none when no day or limit is set, whatever the message says', () => {
    expect(scheduleFrom(text({ inactiveMessage: 'Closed' }))).toBeNull();
  });

  it('reads the form, the address winning over the message', () => {
    expect(
      scheduleFrom(
        text({
          activeUntil: '2026-12-31',
          scanLimit: '500',
          inactiveMessage: 'The sale is over.',
          inactiveUrl: 'https://example.co.za/next',
        }),
      ),
    ).toEqual(
      schedule({
        until: '2026-12-31',
        maxScans: 500,
        inactive: { kind: 'redirect', target: 'https://example.co.za/next' },
      }),
    );
    expect(scheduleFrom(text({ scanLimit: '3', inactiveMessage: 'Sold out' }))).toEqual(
      schedule({ maxScans: 3, inactive: { kind: 'message', text: 'Sold out' } }),
    );
  });

  it('reads a stored schedule defensively', () => {
    expect(scheduleOf(null)).toBeNull();
    expect(
      scheduleOf({ from: '2026-02-30', until: 5, maxScans: -1, inactive: { kind: 'script' } }),
    ).toEqual(schedule());
    expect(isDay('2026-02-28')).toBe(true);
    expect(isDay('2026-2-28')).toBe(false);
  });

  it('says itself in a few words', () => {
    expect(
      describeSchedule(schedule({ from: '2026-12-01', until: '2026-12-31', maxScans: 500 })),
    ).toBe('Active from 1 Dec 2026, until 31 Dec 2026, 500 scans at most');
  });
});

describe('the form and the link', () => {
  const web = qrTypes.find((type) => type.id === 'web')!;
  const content = (fields: Record<string, string>) => ({
    ...emptyContent,
    text: { ...emptyContent.text, websiteUrl: 'https://example.co.za/sale', ...fields },
  });

  it('refuses a last day before the first, a date that is not one, and a limit that is not a number', () => {
    expect(
      checkContent(web, content({ activeFrom: '2026-12-31', activeUntil: '2026-12-01' })).errors,
    ).toEqual({ activeUntil: 'The last day is before the first. Please correct one of them.' });
    expect(checkContent(web, content({ activeFrom: '2026-13-01' })).errors.activeFrom).toMatch(
      /Please enter a date/,
    );
    expect(checkContent(web, content({ scanLimit: '12.5' })).errors.scanLimit).toMatch(
      /whole number/,
    );
    expect(checkContent(web, content({ scanLimit: '0' })).errors.scanLimit).toMatch(/from 1/);
    expect(textFields.activeFrom.input).toBe('date');
  });

  it('travels with the destination, its other address held to the target rule', () => {
    const origin = 'https://kempton.example';
    const made = linkDestination(
      'web',
      content({ activeUntil: '2026-12-31', inactiveUrl: 'example.co.za/next' }),
      origin,
    );
    expect(made).toEqual({
      ok: true,
      destination: {
        kind: 'redirect',
        target: 'https://example.co.za/sale',
        schedule: schedule({
          until: '2026-12-31',
          inactive: { kind: 'redirect', target: 'https://example.co.za/next' },
        }),
      },
      hosts: ['example.co.za', 'example.co.za'],
    });
    if (made.ok) {
      expect(describeDestination(made.destination)).toBe(
        'Leads to https://example.co.za/sale · Active until 31 Dec 2026',
      );
    }
    expect(
      linkDestination(
        'web',
        content({ scanLimit: '10', inactiveUrl: 'http://192.168.0.1/' }),
        origin,
      ),
    ).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^The address for when it is not active:/),
    });
    // None set: the destination has no schedule at all.
    expect(linkDestination('web', content({}), origin)).toEqual({
      ok: true,
      destination: { kind: 'redirect', target: 'https://example.co.za/sale' },
      hosts: ['example.co.za'],
    });
  });
});
