// The short-link redirect's parts for the bench's direct runs (scripts/bench/links.mjs): the same
// modules functions/src/index.ts wires into the `qr` function, without its onRequest wrapper and
// start-up side effects, so the bench can serve them from a plain node:http server beside the
// Functions emulator. Built by the bench with functions/vite.config.ts (as lib/index.js is).
export { deleteApp, initializeApp, openFirestore } from '../../functions/src/admin';
export { blocklistOf } from '../../functions/src/blocklist';
export { LinkReader } from '../../functions/src/link-reader';
export { createRedirect } from '../../functions/src/redirect';
export { ScanCounter } from '../../functions/src/scan-counter';
