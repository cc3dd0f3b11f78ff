// How many types of code the site makes, for the pages that say it: the home page ("16 kinds")
// and the plans ("All 16 QR code types"). Its type is the registry's length, so the compiler
// refuses any other number (qr-types.ts, QrTypeCount): a type added there asks for this line. Only
// the registry's type is imported, not the registry: the visitors' pages that say the number would
// otherwise download every type's fields, checks, payloads and landing pages for it (about 8 KB
// gzip), which the service worker keeps for signed-in users only.
import type { QrTypeCount } from './qr-types';

export const QR_TYPE_COUNT: QrTypeCount = 16;
