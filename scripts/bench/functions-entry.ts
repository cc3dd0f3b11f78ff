// The parts of the `qr` and `hosted` functions for the sections that serve them without the
// Functions emulator (short links' direct runs, hosted files; scripts/bench/functions.mjs): the
// same modules functions/src/index.ts wires into them, without their onRequest wrappers and
// start-up side effects, so each can be served from a plain node:http server. Built by the bench
// with functions/vite.config.ts (as lib/index.js is); with them, the links' record, so that the
// bench stores links as the server does.
export { deleteApp, initializeApp, openFirestore } from '../../functions/src/admin';
export { blocklistOf } from '../../functions/src/blocklist';
export { createFileLink } from '../../functions/src/file-link';
export { FirestoreFileStore } from '../../functions/src/file-store';
export { LinkReader } from '../../functions/src/link-reader';
export { PasswordGate } from '../../functions/src/passwords';
export { createRedirect } from '../../functions/src/redirect';
export { ScanCounter } from '../../functions/src/scan-counter';
export { linkPath, newLink } from '../../src/domain/records/links';
