/**
 * The build number shown under a gallery photo, taken from its file name ("build-7.webp",
 * "/gallery/Build_12.jpg" → "7", "12"), or "?" when the name carries no number. Leading zeros
 * are dropped so "build-07" reads "Build #7".
 */
export function buildNumberFromPath(path: string): string {
  const fileName = path.split(/[?#]/, 1)[0].split('/').pop() ?? '';
  const digits = fileName.replace(/\.[a-z0-9]+$/i, '').match(/\d+/g);
  if (!digits) return '?';
  return String(Number(digits[digits.length - 1]));
}

/** An index moved by `step` around a ring of `length` items, wrapping both ways. */
export function wrapIndex(index: number, step: number, length: number): number {
  if (length <= 0) return 0;
  return (((index + step) % length) + length) % length;
}
