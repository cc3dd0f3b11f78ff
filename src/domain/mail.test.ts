import { describe, expect, it } from 'vitest';
import {
  checkRecipient,
  fileProblem,
  hourlyLimitMessage,
  MAIL_FILE_MAX,
  MAIL_PER_HOUR,
  mailHour,
  mailName,
  nextHour,
  oversizedFile,
  planMail,
  releaseMail,
  type MailCounter,
} from './mail';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const PDF = new TextEncoder().encode('%PDF-1.7\n');
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0h1v1H0z"/></svg>';
const files = { png: PNG, svg: SVG, pdf: PDF };

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

describe('the files', () => {
  it('are accepted when each is what it says', () => {
    expect(fileProblem(files)).toBeNull();
    expect(fileProblem({ ...files, svg: `\ufeff  <?xml version="1.0"?>\n${SVG}` })).toBeNull();
  });

  it('are refused by their first bytes, and an SVG with script', () => {
    expect(fileProblem({ ...files, png: PDF })).toMatch(/PNG/);
    expect(fileProblem({ ...files, pdf: PNG })).toMatch(/PDF/);
    expect(fileProblem({ ...files, svg: '<html><svg></svg></html>' })).toMatch(/SVG/);
    for (const svg of [
      '<svg><script>alert(1)</script></svg>',
      '<svg onload="alert(1)"></svg>',
      '<svg><a href="javascript:alert(1)"><text>x</text></a></svg>',
    ]) {
      expect(fileProblem({ ...files, svg })).toMatch(/script/);
    }
    // Words in the code's frame text are not script.
    expect(fileProblem({ ...files, svg: '<svg><text>Follow us on=line</text></svg>' })).toBeNull();
  });

  it('each have a size limit', () => {
    expect(oversizedFile(files)).toBeNull();
    expect(oversizedFile({ ...files, png: new Uint8Array(MAIL_FILE_MAX.png + 1) })).toBe('png');
    expect(oversizedFile({ ...files, svg: 'é'.repeat(MAIL_FILE_MAX.svg / 2 + 1) })).toBe('svg');
    expect(oversizedFile({ ...files, pdf: new Uint8Array(MAIL_FILE_MAX.pdf + 1) })).toBe('pdf');
  });
});

it('a name is shown without control characters or runs of space', () => {
  expect(mailName('  Shop\r\nBcc: x\twindow  ')).toBe('Shop Bcc: x window');
});
