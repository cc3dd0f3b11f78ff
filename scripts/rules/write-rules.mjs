// `npm run rules:qr`: writes the QR block of firestore.rules (the type ids, the content fields
// and their limits, the uploads and the design's keys) from src/domain/qr, between its two marker
// comments, and leaves the rest of the file as it is. The block itself: qr-rules-block.ts, loaded
// through Vite's module runner (the domain is TypeScript). qr-rules.test.mjs fails while the file
// holds another block than this writes.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const rulesFile = fileURLToPath(new URL('../../firestore.rules', import.meta.url));
const { module: generator } = await runnerImport(
  fileURLToPath(new URL('./qr-rules-block.ts', import.meta.url)),
  { configFile: false, logLevel: 'warn' },
);

const before = readFileSync(rulesFile, 'utf8');
const after = generator.withQrBlock(before);
if (after === before) {
  console.log('firestore.rules: the QR block is already what src/domain/qr says.');
} else {
  writeFileSync(rulesFile, after);
  console.log('firestore.rules: QR block written from src/domain/qr.');
}
