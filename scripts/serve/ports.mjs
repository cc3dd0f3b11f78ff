// Loopback ports for the local servers (serve.mjs, the Firestore emulator, the bench, the rules
// tests): whether one is free, and one that is.
import { createServer } from 'node:net';

const HOST = '127.0.0.1';

/** Whether a server could listen on 127.0.0.1:port right now. */
export function portIsFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, HOST, () => server.close(() => resolve(true)));
  });
}

/**
 * A port nothing listens on now on 127.0.0.1 (the caller's server takes it a moment later).
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}
