// One function of the hosted-files bench (scripts/bench/files.mjs) in a process of its own, as
// Cloud Run gives each function instances of their own: `qr` (the redirect) or `hosted` (the file
// function), built from functions/src into the bundle named on the command line, on a node:http
// server on 127.0.0.1 over the Firestore emulator that FIRESTORE_EMULATOR_HOST names.
//
//   node --expose-gc --import <loopback guard> scripts/bench/files-server.mjs <bundle> <qr|hosted> <project>
//
// It tells its parent its port ({ready, port}), and answers 'stats' with what it holds: memory
// ('live' asks for it after a garbage collection), CPU time used, requests in flight and
// answered, and the chunk documents read.
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';

const [bundle, role, projectId] = process.argv.slice(2);
const parts = await import(pathToFileURL(bundle).href);
const app = parts.initializeApp({ projectId }, `bench-files-${role}`);
const db = parts.openFirestore(app);
const quiet = () => undefined;
const reader = new parts.LinkReader(db);
const gate = new parts.PasswordGate(db);
const blocklist = parts.blocklistOf();

let reads = 0;
/** The file store, counting the chunk documents it reads. */
class CountingStore extends parts.FirestoreFileStore {
  async *readChunks(owner, sha256, start, end) {
    for await (const chunk of super.readChunks(owner, sha256, start, end)) {
      reads += 1;
      yield chunk;
    }
  }
}

const handler =
  role === 'qr'
    ? parts.createRedirect({
        reader,
        counter: new parts.ScanCounter(db, { log: quiet }),
        blocklist,
        gate,
        log: quiet,
      })
    : parts.createFileLink({ reader, blocklist, gate, store: new CountingStore(db), log: quiet });

let inFlight = 0;
let answered = 0;
const server = createServer((request, response) => {
  inFlight += 1;
  response.once('close', () => {
    inFlight -= 1;
    answered += 1;
  });
  handler(request, response).catch((error) => {
    response.statusCode = 500;
    response.end(String(error));
  });
});
server.listen(0, '127.0.0.1', () => process.send({ ready: true, port: server.address().port }));

process.on('message', (message) => {
  if (message === 'stats' || message === 'live') {
    // 'live': after a full garbage collection, so that the heap is what is still in use.
    if (message === 'live') globalThis.gc?.();
    process.send({
      stats: { memory: process.memoryUsage(), cpu: process.cpuUsage(), inFlight, answered, reads },
    });
  } else if (message === 'stop') {
    server.closeAllConnections();
    server.close(() => parts.deleteApp(app).finally(() => process.exit(0)));
  }
});
// The parent going away takes this process with it.
process.on('disconnect', () => process.exit(0));
