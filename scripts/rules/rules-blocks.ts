// The parts of firestore.rules written from the domain rather than by hand: each between a begin
// and an end mark comment, replaced whole by `npm run rules:domain` (write-rules.mjs), and held
// current by rules-blocks.test.mjs (a block that differs from what the domain writes fails it).
// The blocks (domain-blocks.ts): the QR block (qr-rules-block.ts) and the team block
// (team-rules-block.ts).

export interface RulesBlock {
  /** What the errors call it. */
  readonly name: string;
  /** The begin mark's comment, and the end mark's: each on a line of its own. */
  readonly begin: string;
  readonly end: string;
  /** The block as the domain writes it, its marks and indent included. */
  readonly write: () => string;
}

/** `rules` with the block (from the line of its begin mark to that of its end mark) replaced. */
export function withBlock(rules: string, marks: RulesBlock, block: string = marks.write()): string {
  const begin = rules.indexOf(marks.begin);
  const end = rules.indexOf(marks.end);
  if (begin < 0 || end < begin || rules.indexOf(marks.begin, begin + 1) >= 0) {
    throw new Error(
      `firestore.rules needs one "${marks.begin}" line and, after it, one "${marks.end}" line.`,
    );
  }
  const lineStart = rules.lastIndexOf('\n', begin) + 1;
  const lineEnd = rules.indexOf('\n', end);
  return rules.slice(0, lineStart) + block + (lineEnd < 0 ? '' : rules.slice(lineEnd));
}

/** The block firestore.rules holds now (from its begin mark's line to its end mark's); '' if none. */
export function currentBlock(rules: string, marks: RulesBlock): string {
  const begin = rules.indexOf(marks.begin);
  const end = rules.indexOf(marks.end);
  if (begin < 0 || end < begin) return '';
  const lineEnd = rules.indexOf('\n', end);
  return rules.slice(rules.lastIndexOf('\n', begin) + 1, lineEnd < 0 ? undefined : lineEnd);
}
