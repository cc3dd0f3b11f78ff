// A code's name made safe as a file name: the downloads and the emailed attachments (the Cloud
// Function `mail`) name the code's files alike.

// Characters Windows, macOS or Android refuse in a file name, and control characters.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[<>:"/\\|?*\u0000-\u001f\u007f]+/g;
const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/i;
/** The longest name kept, in characters (without extension). */
export const MAX_NAME = 80;

/** The code's name made safe as a file name (without extension); 'qr-code' when there is none. */
export function fileBaseName(qrName: string): string {
  const name = qrName
    .normalize('NFC')
    .replace(UNSAFE, '-')
    .replace(/\s+/g, ' ')
    .trim()
    // A leading dot hides the file; trailing dots and spaces are dropped by Windows.
    .replace(/^[.\s-]+|[.\s]+$/g, '');
  const short = [...name].slice(0, MAX_NAME).join('').trim();
  if (short === '' || RESERVED.test(short)) return short === '' ? 'qr-code' : `${short}-qr-code`;
  return short;
}
