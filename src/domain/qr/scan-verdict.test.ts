import { describe, expect, it } from 'vitest';
import { defaultDesign, GREEN } from './design';
import { designAdvice, type Advice } from './design-advice';
import { design, ids, plain } from './design-testing';
import {
  combinedFix,
  printSizeAdvice,
  safeShapes,
  safeShapesFix,
  scanVerdict,
  type ScanCaseResult,
} from './scan-verdict';

describe('safe shapes', () => {
  it('keeps the default design inside the measured safe set', () => {
    expect(safeShapes.patterns).toContain(defaultDesign.pattern);
    expect(safeShapes.cornerFrames).toContain(defaultDesign.cornerFrame);
    expect(safeShapes.cornerCentres).toContain(defaultDesign.cornerCentre);
  });

  it('leaves out circle corner frames, which the advice names as the weak part', () => {
    expect(safeShapes.cornerFrames).not.toContain('dot');
    expect(ids(designAdvice(design({ cornerFrame: 'dot' })))).toContain('circle-corner-frames');
  });
});

describe('combined fixes', () => {
  const frames = {
    label: 'Use extra-rounded corner frames',
    patch: { cornerFrame: 'extra-rounded' },
  };
  const logo = { label: 'Remove the logo', patch: { logo: null } };
  const dark = { label: 'Darken the pattern', patch: { patternColor1: GREEN } };

  it('applies every fix at once, the first winning where two change one option', () => {
    expect(combinedFix([frames, logo, dark] as never)).toEqual({
      label: 'Use extra-rounded corner frames, remove the logo and darken the pattern',
      patch: { cornerFrame: 'extra-rounded', logo: null, patternColor1: GREEN },
    });
    const other = { label: 'Use square corner frames', patch: { cornerFrame: 'square' } };
    expect(combinedFix([frames, other] as never).patch).toEqual({ cornerFrame: 'extra-rounded' });
  });

  it('falls back on square shapes without the logo, keeping colour fixes', () => {
    expect(safeShapesFix(design({ logo: new Uint8Array() }), [frames, dark] as never)).toEqual({
      label: 'Darken the pattern and use square shapes without the logo',
      patch: {
        patternColor1: GREEN,
        pattern: 'square',
        cornerFrame: 'square',
        cornerCentre: 'square',
        logo: null,
      },
    });
    expect(safeShapesFix(plain, []).label).toBe('Use square shapes');
  });
});

describe('scan verdict', () => {
  const read = (name: ScanCaseResult['name'], zbar = true, zxing = true): ScanCaseResult => ({
    name,
    zbar,
    zxing,
  });
  const allRead = [read('preview'), read('small'), read('small-blurred')];
  const fail: Advice = {
    id: 'f',
    severity: 'fail',
    reason: 'Bad colours.',
    fix: { label: 'Fix F', patch: {} },
  };
  const risk: Advice = {
    id: 'r',
    severity: 'risk',
    reason: 'Risky colours.',
    fix: { label: 'Fix R', patch: {} },
  };
  const cause: Advice = {
    id: 'c',
    severity: 'risk',
    onlyIfUnread: true,
    reason: 'Round dots.',
    fix: { label: 'Fix C', patch: {} },
  };

  it('scans when every condition reads and nothing is advised', () => {
    const verdict = scanVerdict(allRead, []);
    expect(verdict).toEqual({
      status: 'scans',
      label: 'Scans',
      reason:
        'Both families of reader (ZXing and ZBar) decode it at full size, printed small ' +
        '(about 2 cm across) and small and slightly out of focus.',
      fixes: [],
    });
  });

  it('ignores notes that only explain failures when nothing failed', () => {
    expect(scanVerdict(allRead, [cause]).status).toBe('scans');
  });

  it('may not scan when either reader misses the preview, naming it', () => {
    const verdict = scanVerdict([read('preview', true, false), read('small')], []);
    expect(verdict.status).toBe('may-not-scan');
    expect(verdict.label).toBe('May not scan');
    expect(verdict.reason).toBe(
      'ZXing (the reader of many Android scanners and Chrome) cannot read it at full size.',
    );
    const both = scanVerdict([read('preview', false, false)], []);
    expect(both.reason).toBe('Neither ZXing nor ZBar can read it at full size.');
  });

  it('may not scan on a failing colour rule even when the readers manage', () => {
    const verdict = scanVerdict(allRead, [fail, risk]);
    expect(verdict.status).toBe('may-not-scan');
    expect(verdict.reason).toBe('Bad colours. Risky colours.');
    expect(verdict.fixes.map((f) => f.label)).toEqual(['Fix F', 'Fix R']);
  });

  it('is risky when only a harder condition fails', () => {
    const verdict = scanVerdict(
      [
        read('preview'),
        read('small', false, true),
        read('small-blurred'),
        read('on-black', false, false),
      ],
      [],
    );
    expect(verdict.status).toBe('risky');
    expect(verdict.label).toBe('Risky');
    expect(verdict.reason).toBe(
      'It scans at full size. Neither ZXing nor ZBar can read it on a dark surface. ZBar (the ' +
        'reader inside many scanner apps) cannot read it printed small (about 2 cm across).',
    );
  });

  it('gives a print size to keep to when only the small code is unread', () => {
    const small = [read('preview'), read('small'), read('small-blurred', false, true)];
    // A vCard of 69 modules: 77 with the quiet zone, 0.5 mm each → 3.85 cm, rounded up to 4.
    expect(scanVerdict(small, [], 69).reason).toBe(
      'It scans at full size. ZBar (the reader inside many scanner apps) cannot read it small ' +
        'and slightly out of focus. Print the code at least 4 cm across (its 69 modules then ' +
        'measure 0.5 mm or more each), or shorten the content.',
    );
    // Unreliable at 2 cm: never less than 2.5 cm, even for a few modules.
    expect(printSizeAdvice(25)).toMatch(/^Print the code at least 2.5 cm across/);
    expect(printSizeAdvice(49)).toMatch(/^Print the code at least 3 cm across/);
    // Unread on black only: size is not the cure.
    expect(
      scanVerdict([read('preview'), read('on-black', false, true)], [], 69).reason,
    ).not.toMatch(/Print/);
  });

  it('is risky on a risk advice alone', () => {
    const verdict = scanVerdict(allRead, [risk]);
    expect(verdict).toMatchObject({ status: 'risky', reason: 'Risky colours.' });
    expect(verdict.fixes).toEqual([risk.fix]);
  });

  it('gives the likely cause and its fix once a read fails', () => {
    const verdict = scanVerdict([read('preview', false, true)], [cause]);
    expect(verdict.status).toBe('may-not-scan');
    expect(verdict.reason).toMatch(/cannot read it at full size\. Round dots\.$/);
    expect(verdict.fixes).toEqual([cause.fix]);
    expect(scanVerdict([read('preview'), read('small', true, false)], [cause]).fixes).toEqual([
      cause.fix,
    ]);
  });

  it('puts "may not scan" before "risky"', () => {
    expect(scanVerdict([read('preview', false), read('small', false)], [risk]).status).toBe(
      'may-not-scan',
    );
    expect(scanVerdict([read('preview'), read('small', false)], [risk]).status).toBe('risky');
  });

  it('lists each fix once', () => {
    const again: Advice = { ...fail, id: 'f2', reason: 'Also bad.' };
    expect(scanVerdict(allRead, [fail, again]).fixes).toEqual([fail.fix]);
  });

  it('names each reader once, with every condition it missed', () => {
    const verdict = scanVerdict(
      [read('preview'), read('small', false), read('tilted', false), read('jpeg', true, false)],
      [],
    );
    expect(verdict.reason).toBe(
      'It scans at full size. ZBar (the reader inside many scanner apps) cannot read it printed ' +
        'small (about 2 cm across) or seen at an angle. ZXing (the reader of many Android ' +
        'scanners and Chrome) cannot read it in a compressed (JPEG) photo.',
    );
  });

  it('passes only when both lineages read every condition, the angle and JPEG included', () => {
    const all = (['preview', 'small', 'small-blurred', 'tilted', 'jpeg'] as const).map((name) =>
      read(name),
    );
    expect(scanVerdict(all, []).status).toBe('scans');
    expect(scanVerdict([...all.slice(0, 3), read('tilted', false), all[4]!], []).status).toBe(
      'risky',
    );
    expect(scanVerdict([...all.slice(0, 4), read('jpeg', true, false)], []).status).toBe('risky');
  });

  it('decides on the advice alone before any decoding', () => {
    expect(scanVerdict([], []).status).toBe('scans');
    expect(scanVerdict([], [risk]).status).toBe('risky');
    expect(scanVerdict([], [cause]).status).toBe('scans');
  });
});
