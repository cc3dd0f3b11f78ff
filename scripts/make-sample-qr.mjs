// Writes src/features/qr/sample-qr.svg: the sample code on the "Your QR Code is ready" page, a real code
// that scans to the company's website, in the house colours (dark green on white, which scanners
// read reliably).
//
//   node scripts/make-sample-qr.mjs            (npm run images runs it too)
import { mkdir, writeFile } from 'node:fs/promises';
import qrcode from 'qrcode-generator';

// The same address as `company.website` in src/config/company.ts (the test holds them together).
const SAMPLE_QR_TEXT = 'https://kemptoncodeworks.co.za/';
const QUIET_ZONE = 4; // modules of white around the code, as the QR standard asks
const DARK = '#002D17';

const qr = qrcode(0, 'M');
qr.addData(SAMPLE_QR_TEXT);
qr.make();
const count = qr.getModuleCount();
const size = count + QUIET_ZONE * 2;

// One path of unit squares, one per dark module: small and crisp at any scale.
let path = '';
for (let row = 0; row < count; row += 1) {
  for (let col = 0; col < count; col += 1) {
    if (qr.isDark(row, col)) path += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
  }
}

const svg =
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" ` +
  `shape-rendering="crispEdges"><rect width="${size}" height="${size}" fill="#fff"/>` +
  `<path fill="${DARK}" d="${path}"/></svg>\n`;

const out = new URL('../src/features/qr/', import.meta.url);
await mkdir(out, { recursive: true });
await writeFile(new URL('sample-qr.svg', out), svg);
console.log(`src/features/qr/sample-qr.svg: ${count}x${count} modules, ${svg.length} bytes`);
