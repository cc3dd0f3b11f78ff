import { describe, expect, it } from 'vitest';
import {
  checkRecipient,
  hourlyLimitMessage,
  MAIL_PER_HOUR,
  MAIL_RECIPIENTS_PER_DAY,
  mailCounterFrom,
  mailDay,
  mailHour,
  mailName,
  nextDay,
  nextHour,
  planMail,
  recipientLimitMessage,
  releaseMail,
  type MailCounter,
} from './mail';

const at = (iso: string) => new Date(iso);

describe('the hourly limit', () => {
  it('counts by the clock hour, in UTC', () => {
    expect(mailHour(at('2026-11-25T14:59:59.999Z'))).toBe('2026-11-25T14');
    expect(nextHour(at('2026-11-25T14:00:00Z')).toISOString()).toBe('2026-11-25T15:00:00.000Z');
    expect(nextHour(at('2026-11-25T23:30:00Z')).toISOString()).toBe('2026-11-26T00:00:00.000Z');
  });

  it(`allows ${MAIL_PER_HOUR} an hour, then refuses until the next hour`, () => {
    let counter: MailCounter | null = null;
    const now = at('2026-11-25T14:10:00Z');
    for (let index = 1; index <= MAIL_PER_HOUR; index += 1) {
      const plan = planMail(counter, `id-${index}`, now);
      if (plan.kind !== 'send') throw new Error(`refused the ${index}th`);
      counter = plan.counter;
      expect(counter).toMatchObject({ hour: '2026-11-25T14', count: index });
    }
    expect(planMail(counter, 'id-6', at('2026-11-25T14:59:00Z'))).toEqual({
      kind: 'refuse',
      retryAt: at('2026-11-25T15:00:00Z'),
      limit: 'hour',
    });
    const later = planMail(counter, 'id-6', at('2026-11-25T15:00:00Z'));
    expect(later).toMatchObject({ kind: 'send', counter: { hour: '2026-11-25T15', count: 1 } });
  });

  it('knows a request it has sent, and keeps only the latest ids', () => {
    let counter: MailCounter | null = null;
    for (let index = 0; index < 30; index += 1) {
      const plan = planMail(counter, `id-${index}`, at(`2026-11-${10 + (index % 10)}T10:00:00Z`));
      if (plan.kind === 'send') counter = plan.counter;
    }
    expect(counter!.sent).toHaveLength(20);
    expect(planMail(counter, 'id-29', at('2026-11-25T10:00:00Z'))).toEqual({ kind: 'repeat' });
    expect(planMail(counter, 'id-0', at('2026-11-25T10:00:00Z')).kind).toBe('send');
  });

  it('gives back an email that was not sent, only in the hour it was counted', () => {
    const counter = { hour: '2026-11-25T14', count: 3, sent: ['a', 'b', 'c'] };
    expect(releaseMail(counter, 'c', '2026-11-25T14')).toEqual({
      hour: '2026-11-25T14',
      count: 2,
      sent: ['a', 'b'],
    });
    // The hour has turned since: its count is already a new hour's.
    expect(releaseMail(counter, 'c', '2026-11-25T13')).toMatchObject({
      count: 3,
      sent: ['a', 'b'],
    });
  });

  it('says when to try again, in the given time zone', () => {
    const retryAt = at('2026-11-25T15:00:00Z');
    expect(hourlyLimitMessage(retryAt, 'UTC')).toBe(
      `You can email ${MAIL_PER_HOUR} codes an hour; try again after 15:00 UTC.`,
    );
    expect(hourlyLimitMessage(retryAt, 'Africa/Johannesburg')).toBe(
      `You can email ${MAIL_PER_HOUR} codes an hour; try again after 17:00.`,
    );
  });
});

describe('the recipient', () => {
  it('is one well-formed address, trimmed', () => {
    expect(checkRecipient(' thandi@example.co.za ')).toEqual({
      ok: true,
      value: 'thandi@example.co.za',
    });
    for (const to of [
      'thandi@example',
      'a@example.co.za,b@example.co.za',
      'a@example.co.za; b@example.co.za',
      'a@example.co.za\r\nBcc: b@example.co.za',
      '',
      null,
    ]) {
      expect(checkRecipient(to).ok).toBe(false);
    }
  });
});

describe('the different addresses of a day', () => {
  it('counts by the UTC day', () => {
    expect(mailDay(at('2026-11-25T23:59:59.999Z'))).toBe('2026-11-25');
    expect(nextDay(at('2026-11-25T14:10:00Z')).toISOString()).toBe('2026-11-26T00:00:00.000Z');
  });

  it(`allows ${MAIL_RECIPIENTS_PER_DAY} a day; an address emailed that day takes no new place`, () => {
    let counter: MailCounter | null = null;
    for (let index = 0; index < MAIL_RECIPIENTS_PER_DAY; index += 1) {
      // An hour each, so that only the day's limit is met.
      const hour = at(`2026-11-25T${String(index).padStart(2, '0')}:10:00Z`);
      const plan = planMail(counter, `id-${index}`, hour, `key-${index}`);
      if (plan.kind !== 'send') throw new Error(`refused the ${index + 1}th`);
      expect(plan.newRecipient).toBe(true);
      counter = plan.counter;
    }
    expect(counter!.recipients).toHaveLength(MAIL_RECIPIENTS_PER_DAY);
    const late = at('2026-11-25T21:10:00Z');
    expect(planMail(counter, 'id-new', late, 'key-new')).toEqual({
      kind: 'refuse',
      retryAt: at('2026-11-26T00:00:00Z'),
      limit: 'recipients',
    });
    const again = planMail(counter, 'id-again', late, 'key-3');
    expect(again).toMatchObject({ kind: 'send', newRecipient: false });
    expect(again.kind === 'send' && again.counter.recipients).toHaveLength(MAIL_RECIPIENTS_PER_DAY);
    expect(planMail(counter, 'id-new', at('2026-11-26T00:00:00Z'), 'key-new')).toMatchObject({
      kind: 'send',
      counter: { day: '2026-11-26', recipients: ['key-new'] },
    });
  });

  it("without an address (the orders' counter), counts the hour only", () => {
    const plan = planMail(null, 'order-1', at('2026-11-25T14:10:00Z'));
    expect(plan).toEqual({
      kind: 'send',
      counter: { hour: '2026-11-25T14', count: 1, sent: ['order-1'] },
      newRecipient: false,
    });
  });

  it('gives back the place of an address whose email was not sent', () => {
    const counter = {
      hour: '2026-11-25T14',
      count: 2,
      sent: ['a', 'b'],
      day: '2026-11-25',
      recipients: ['key-a', 'key-b'],
    };
    expect(releaseMail(counter, 'b', '2026-11-25T14', 'key-b')).toEqual({
      ...counter,
      count: 1,
      sent: ['a'],
      recipients: ['key-a'],
    });
    expect(releaseMail(counter, 'b', '2026-11-25T14')).toMatchObject({
      recipients: ['key-a', 'key-b'],
    });
  });

  it('says when a new address may be emailed, in the given time zone', () => {
    const retryAt = at('2026-11-26T00:00:00Z');
    expect(recipientLimitMessage(retryAt, 'UTC')).toBe(
      `You can email codes to ${MAIL_RECIPIENTS_PER_DAY} different addresses a day, and have today. Send it to an address you have emailed today, or to this one after 00:00 UTC.`,
    );
    expect(recipientLimitMessage(retryAt, 'Africa/Johannesburg')).toMatch(/after 02:00\.$/);
  });
});

describe('a stored counter', () => {
  it('is read defensively: what is missing or wrong is left out', () => {
    expect(mailCounterFrom(undefined)).toBeNull();
    expect(mailCounterFrom({ hour: 5 })).toBeNull();
    expect(mailCounterFrom({ hour: '2026-11-25T14', count: 5, sent: [1, 'a'] })).toEqual({
      hour: '2026-11-25T14',
      count: 5,
      sent: ['a'],
    });
    expect(
      mailCounterFrom({ hour: 'h', count: 1, sent: [], day: '2026-11-25', recipients: 'x' }),
    ).toEqual({ hour: 'h', count: 1, sent: [], day: '2026-11-25', recipients: [] });
  });
});

it('a name is shown without control characters or runs of space', () => {
  expect(mailName('  Shop\r\nBcc: x\twindow  ')).toBe('Shop Bcc: x window');
});
