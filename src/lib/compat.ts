// Stand-ins for two platform features that older browsers we support lack (Safari before 15.4
// has no crypto.randomUUID, before 16 no AbortSignal.timeout). Also used by the service worker.

/** A random id: crypto.randomUUID where there is one, otherwise 128 random bits in its format. */
export function uniqueId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8] & 0x3f) | 0x80; // variant 10
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A signal that aborts after `ms`: AbortSignal.timeout where there is one. */
export function timeoutSignal(ms: number): AbortSignal {
  if (typeof AbortSignal.timeout === 'function') return AbortSignal.timeout(ms);
  const controller = new AbortController();
  setTimeout(
    () => controller.abort(new DOMException('The request timed out.', 'TimeoutError')),
    ms,
  );
  return controller.signal;
}
