// `npm run rules:domain`: writes the blocks of firestore.rules that the domain describes (the QR
// block, qr-rules-block.ts, and the team block, team-rules-block.ts; rules-blocks.ts says how), each
// between its two marker comments, and leaves the rest of the file as it is. The blocks are
// TypeScript, loaded through Vite's module runner (the domain is TypeScript). rules-blocks.test.mjs
// fails while the file holds another block than this writes.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const rulesFile = fileURLToPath(new URL('../../firestore.rules', import.meta.url));
const load = async (file) =>
  (
    await runnerImport(fileURLToPath(new URL(file, import.meta.url)), {
      configFile: false,
      logLevel: 'warn',
    })
  ).module;
const { withBlock } = await load('./rules-blocks.ts');
const { domainBlocks: blocks } = await load('./domain-blocks.ts');

const before = readFileSync(rulesFile, 'utf8');
let after = before;
for (const block of blocks) {
  const written = withBlock(after, block);
  console.log(
    written === after
      ? `firestore.rules: the ${block.name} block is already what the domain says.`
      : `firestore.rules: ${block.name} block written from the domain.`,
  );
  after = written;
}
if (after !== before) writeFileSync(rulesFile, after);
