// The QR block of firestore.rules is what the domain writes: a type, a field or a limit changed
// in src/domain/qr and not written out with `npm run rules:domain` fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  BEGIN_MARK,
  currentQrBlock,
  END_MARK,
  qrRulesBlock,
  withQrBlock,
} from './qr-rules-block.ts';

const rules = readFileSync(new URL('../../firestore.rules', import.meta.url), 'utf8');

describe('the QR block of firestore.rules', () => {
  it('is the block the domain writes (run `npm run rules:domain` after changing a type or field)', () => {
    expect(currentQrBlock(rules)).not.toBe('');
    expect(currentQrBlock(rules)).toBe(qrRulesBlock());
    expect(withQrBlock(rules)).toBe(rules);
  });

  it('is written between its marks, leaving the rest of the file as it was', () => {
    const file = `before\n  ${BEGIN_MARK}\n  stale\n  ${END_MARK}\nafter\n`;
    expect(withQrBlock(file, 'new')).toBe('before\nnew\nafter\n');
    const stale = withQrBlock(rules, `      ${BEGIN_MARK}\n      stale\n      ${END_MARK}`);
    expect(stale).not.toBe(withQrBlock(rules));
    expect(withQrBlock(stale)).toBe(withQrBlock(rules));
  });

  it('is not written into a file without both marks in order', () => {
    for (const file of ['no marks', `${END_MARK}\n${BEGIN_MARK}`, `${BEGIN_MARK}\n`]) {
      expect(() => withQrBlock(file, 'new'), file).toThrow(/needs one/);
    }
    expect(() => withQrBlock(`${BEGIN_MARK}\n${BEGIN_MARK}\n${END_MARK}`, 'new')).toThrow();
  });
});
