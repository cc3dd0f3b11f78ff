// The blocks of firestore.rules written from the domain are what it writes: a QR type, a field or
// a limit changed in src/domain/qr, or a role's actions in src/domain/team.ts, and not written out
// with `npm run rules:domain`, fails here. And a block is written between its marks only.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { domainBlocks } from './domain-blocks.ts';
import { BEGIN_MARK, END_MARK, qrBlock } from './qr-rules-block.ts';
import { currentBlock, withBlock } from './rules-blocks.ts';

const rules = readFileSync(new URL('../../firestore.rules', import.meta.url), 'utf8');

describe('the blocks of firestore.rules written from the domain', () => {
  for (const block of domainBlocks) {
    it(`hold the ${block.name} block the domain writes (run \`npm run rules:domain\` after changing it)`, () => {
      expect(currentBlock(rules, block)).not.toBe('');
      expect(currentBlock(rules, block)).toBe(block.write());
      expect(withBlock(rules, block)).toBe(rules);
    });
  }

  it('are written between their marks, leaving the rest of the file as it was', () => {
    const file = `before\n  ${BEGIN_MARK}\n  stale\n  ${END_MARK}\nafter\n`;
    expect(withBlock(file, qrBlock, 'new')).toBe('before\nnew\nafter\n');
    const stale = withBlock(rules, qrBlock, `      ${BEGIN_MARK}\n      stale\n      ${END_MARK}`);
    expect(stale).not.toBe(withBlock(rules, qrBlock));
    expect(withBlock(stale, qrBlock)).toBe(withBlock(rules, qrBlock));
  });

  it('are not written into a file without both marks in order', () => {
    for (const file of ['no marks', `${END_MARK}\n${BEGIN_MARK}`, `${BEGIN_MARK}\n`]) {
      expect(() => withBlock(file, qrBlock, 'new'), file).toThrow(/needs one/);
    }
    expect(() => withBlock(`${BEGIN_MARK}\n${BEGIN_MARK}\n${END_MARK}`, qrBlock, 'new')).toThrow();
  });
});
