// A time as a stored record holds it: milliseconds, or a Firestore Timestamp from either SDK (the
// page's or the Admin SDK's, which share `toMillis`). Readers of records take any of them.

/** The time `value` holds in milliseconds since the epoch; null when it holds none. */
export function millisOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
  if (typeof value === 'object' && value !== null && 'toMillis' in value) {
    const toMillis = (value as { toMillis: unknown }).toMillis;
    if (typeof toMillis !== 'function') return null;
    const millis: unknown = toMillis.call(value);
    return typeof millis === 'number' && Number.isFinite(millis) ? millis : null;
  }
  return null;
}
