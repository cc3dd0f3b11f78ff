// The Firestore project of this worker's test files. The emulator keeps the data and the rules
// of each project apart, so the two workers of `npm run test:rules` (vitest.rules.config.ts) run
// side by side without one clearing or reloading the other's. A worker's files share its modules
// (isolate: false), so this is made once per worker, and its files take turns on the project.
//
// The Auth emulator is shared: it signs in with a password only to the project it was started
// with (PROJECT_ID in tests/functions/servers.ts), so users and ID tokens stay there, and the
// tests make each user a file changes (deletes, signs out) with a name of its own.
export const FIRESTORE_PROJECT = `demo-kcw-rules-${Math.random().toString(36).slice(2, 8)}`;
