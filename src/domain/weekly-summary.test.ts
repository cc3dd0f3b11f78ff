import { describe, expect, it } from 'vitest';
import { nextHealth } from './qr/destination-health';
import { noticeText } from './notice-text';
import { WEEKLY_NOTICE_LABEL, weeklySummary } from './weekly-summary';

const days = [
  '2026-11-23',
  '2026-11-24',
  '2026-11-25',
  '2026-11-26',
  '2026-11-27',
  '2026-11-28',
  '2026-11-29',
];
const broken = nextHealth(null, { kind: 'dns' }, Date.parse('2026-11-25T06:00:00Z')).health;
const stopUrl = 'https://codes.example.co.za/api/account/weekly-stop?w=acme&u=sipho&t=token';

describe('the weekly summary', () => {
  it('says the week’s scans, the five most scanned, and what is failing', () => {
    const summary = weeklySummary({
      codes: [
        ...['A', 'B', 'C', 'D', 'E', 'F'].map((name, index) => ({
          name,
          scans: 10 - index,
          health: null,
        })),
        { name: 'Quiet', scans: 0, health: broken },
      ],
      days,
      workspace: 'owner@acme.example',
      origin: 'https://codes.example.co.za/',
      stopUrl,
    });
    expect(summary.subject).toBe('Your QR codes this week: 45 scans');
    expect(summary.paragraphs).toEqual([
      ['From 23 Nov to 29 Nov, the 7 dynamic codes of owner@acme.example were scanned 45 times.'],
      ['The most scanned:', 'A: 10 scans', 'B: 9 scans', 'C: 8 scans', 'D: 7 scans', 'E: 6 scans'],
      [
        'Not working now: people who scan these reach an error.',
        'Quiet: Its web address is not found since 25 Nov',
      ],
    ]);
    expect(summary.link.url).toBe('https://codes.example.co.za/UserAnalysis');
    expect(summary.footnote).toContain(stopUrl);
    expect(summary.footnote).toContain(WEEKLY_NOTICE_LABEL);
    expect(noticeText(summary)).toMatch(/^Hello,\n\nFrom 23 Nov/);
  });

  it('says so when nothing was scanned and everything answers', () => {
    const summary = weeklySummary({
      codes: [{ name: 'Poster', scans: 0, health: null }],
      days,
      workspace: null,
      origin: 'https://codes.example.co.za',
      stopUrl,
    });
    expect(summary.subject).toBe('Your QR codes this week: 0 scans');
    expect(summary.paragraphs).toEqual([
      ['From 23 Nov to 29 Nov, the 1 dynamic code of your account was scanned 0 times.'],
      ['None was scanned this week.'],
      ['Every destination answered at its last check.'],
    ]);
  });
});
