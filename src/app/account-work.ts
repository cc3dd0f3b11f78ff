// The one place that starts the signed-in account's background work and stops it: it hears every
// sign-in and sign-out (session.ts onAccountChange) and runs startAccountWork
// (src/features/qr/links/account-work.ts: the short links' syncer, the uploads, and the answer to
// a link whose file the server lacks) for the account signed in, stopping it at sign-out or when
// another account signs in. Its code is fetched only then, so visitors never download it.
import { onAccountChange } from '../lib/auth/session';

type Start = (uid: string) => () => void;

const loadStart = (): Promise<Start> =>
  import('../features/qr/links/account-work').then((module) => module.startAccountWork);

/** Follows sign-in from now on; returns what stops following (and the work under way). */
export function followAccountWork(
  watch: typeof onAccountChange = onAccountChange,
  load: () => Promise<Start> = loadStart,
): () => void {
  let account: string | null = null;
  let stop: (() => void) | null = null;
  const end = () => {
    stop?.();
    stop = null;
  };
  const unwatch = watch((uid) => {
    end();
    account = uid;
    if (uid === null) return;
    load().then(
      (start) => {
        // Still this account, and nothing started for it yet (the fetch may outlive a sign-out).
        if (account === uid && stop === null) stop = start(uid);
      },
      // Offline before the code was cached: the pages still work, the background work waits
      // for the next sign-in or reload.
      (error: unknown) => console.error(error),
    );
  });
  return () => {
    unwatch();
    account = null;
    end();
  };
}
