// A flag in localStorage while enquiries wait in the outbox, so the app loads the delivery code
// at start only when there is something to deliver (the service worker cannot clear it, so it
// may be stale: then one look at an empty outbox clears it).
import { safeLocalStorage } from '../safe-storage';

const KEY = 'kcw-outbox-waiting';

export const outboxMayHaveWaiting = () => safeLocalStorage.get(KEY) !== null;
export function setOutboxWaiting(waiting: boolean) {
  if (waiting) safeLocalStorage.set(KEY, '1');
  else safeLocalStorage.remove(KEY);
}
