// A flag in localStorage while enquiries wait in the outbox, so the app loads the delivery code
// at start only when there is something to deliver (the service worker cannot clear it, so it
// may be stale: then one look at an empty outbox clears it).
const KEY = 'kcw-outbox-waiting';

export const outboxMayHaveWaiting = () => localStorage.getItem(KEY) !== null;
export const setOutboxWaiting = (waiting: boolean) =>
  waiting ? localStorage.setItem(KEY, '1') : localStorage.removeItem(KEY);
