// Whether the server has a saved code as this device last wrote it. Saving is offline-first: a
// code saved, or changed, just before it is emailed may still be on its way to Cloud Firestore,
// and the server emails the code as it holds it (not found, or as it was). So a request waits
// until the device's copy of the code has no write pending and has been confirmed by the server.
// Loaded only when an email is sent (Firestore is its own chunk: lib/firestore/firestore-core.ts).

/**
 * How long one send waits for the code's write to be confirmed (a second or two, usually; more
 * while the server is busy): after that the email is kept and tried again later.
 */
const WAIT_MS = 30_000;

/**
 * Resolves true once the server holds the code `codeId` of `workspace` (the account's own, or a
 * team's) as this device last wrote it (or has no such code: the server then says so), false when
 * that has not happened within WAIT_MS.
 */
export async function codeOnServer(workspace: string, codeId: string): Promise<boolean> {
  const [{ doc, onSnapshot, openFirestore }, { codePath }] = await Promise.all([
    import('../../../lib/firestore/firestore-core'),
    import('../../../domain/records/codes'),
  ]);
  const db = await openFirestore();
  return new Promise((resolve) => {
    let settled = false;
    const settle = (onServer: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // Stopped once the listener exists (it never calls back before onSnapshot returns).
      queueMicrotask(() => stop());
      resolve(onServer);
    };
    const timer = setTimeout(() => settle(false), WAIT_MS);
    const stop = onSnapshot(
      doc(db, codePath(workspace, codeId)),
      { includeMetadataChanges: true },
      (snapshot) => {
        if (!snapshot.metadata.hasPendingWrites && !snapshot.metadata.fromCache) settle(true);
      },
      // The listener failed (signed out, say): the server answers the request itself.
      () => settle(true),
    );
  });
}
