// This test file's own project in the Firestore emulator. The emulator keeps the data and the
// rules of each project apart, so with a project per file the files run side by side (two at a
// time, vitest.rules.config.ts) without one clearing or reloading another's: each test file is
// its own module graph, so this is made once per file.
//
// The Auth emulator is shared: it signs in with a password only to the project it was started
// with (PROJECT_ID in tests/functions/servers.ts), so users and ID tokens stay there, and the
// tests make each user a file changes (deletes, signs out) with a name of its own.
export const FIRESTORE_PROJECT = `demo-kcw-rules-${Math.random().toString(36).slice(2, 8)}`;
