// The site's Cloud Functions (2nd gen, Node 20), built into lib/index.js by `npm run build`
// (vite, functions/vite.config.ts) with the app's domain code they share:
//   qr      the short links: firebase.json rewrites /q/** to it (redirect.ts)
//   links   POST /api/links: makes a saved code's short link match it; POST /api/links/password
//           sets its password (link-api.ts)
//   files   POST and PUT /api/files: uploads of the file types' files, in chunks (file-api.ts),
//           kept in Firestore (file-store.ts) and served at the links' /q/<id>/f/<sha256>
import { onRequest } from 'firebase-functions/v2/https';
import { getAuth, initializeApp, openFirestore } from './admin';
import { blocklistOf } from './blocklist';
import { createFileApi } from './file-api';
import { storedFileServer } from './file-serve';
import { FirestoreFileStore } from './file-store';
import { createLinkApi } from './link-api';
import { LinkReader } from './link-reader';
import { PasswordGate } from './passwords';
import { createRedirect } from './redirect';
import { ScanCounter } from './scan-counter';

initializeApp();
const db = openFirestore();
const counter = new ScanCounter(db);
const fileStore = new FirestoreFileStore(db);

// Cloud Run sends SIGTERM before it stops an instance (idle, scaled in or redeployed) and gives it
// about 10 seconds: the scans still tallied are written then. What cannot be written is logged
// with its figure.
process.once('SIGTERM', () => {
  void counter.drain(8_000).finally(() => {
    if (counter.pending > 0) {
      console.error(
        JSON.stringify({
          severity: 'ERROR',
          message: 'scans lost at shutdown',
          lost: counter.pending,
        }),
      );
    }
  });
});

export const qr = onRequest(
  // us-central1: Hosting rewrites reach 2nd-gen functions there by default. One instance answers
  // many scans at once: a scan is a memory lookup and a tally, plus a read every few seconds.
  // It also serves hosted files, up to 32 MB an answer, built in memory: hence 1 GiB.
  { region: 'us-central1', memory: '1GiB', concurrency: 80, maxInstances: 20 },
  createRedirect({
    reader: new LinkReader(db),
    counter,
    blocklist: blocklistOf(),
    gate: new PasswordGate(db),
    files: storedFileServer(fileStore),
  }),
);

export const links = onRequest(
  { region: 'us-central1', memory: '256MiB', concurrency: 40, maxInstances: 5 },
  createLinkApi({ db, auth: getAuth(), files: fileStore }),
);

export const files = onRequest(
  // A chunk is at most 768 KB; 512 MiB leaves room for a file's hash check, which reads it back.
  {
    region: 'us-central1',
    memory: '512MiB',
    concurrency: 20,
    maxInstances: 5,
    timeoutSeconds: 120,
  },
  createFileApi({ auth: getAuth(), store: fileStore }),
);
