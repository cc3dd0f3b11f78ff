// The parts of the `qr` and `hosted` functions for the hosted-files bench (scripts/bench/files.mjs):
// the same modules functions/src/index.ts wires into them, without their onRequest wrappers and
// start-up side effects, so each can be served from a plain node:http server in a process of its
// own. Built by the bench with functions/vite.config.ts (as lib/index.js is).
export { deleteApp, initializeApp, openFirestore } from '../../functions/src/admin';
export { blocklistOf } from '../../functions/src/blocklist';
export { createFileLink } from '../../functions/src/file-link';
export { MAX_ANSWER_BYTES } from '../../functions/src/file-serve';
export { FirestoreFileStore } from '../../functions/src/file-store';
export { LinkReader } from '../../functions/src/link-reader';
export { PasswordGate } from '../../functions/src/passwords';
export { createRedirect } from '../../functions/src/redirect';
export { ScanCounter } from '../../functions/src/scan-counter';
