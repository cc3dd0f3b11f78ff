// The destination check against servers on this machine: each outcome it can record, and the
// addresses it refuses to fetch at any hop. Test names resolve (through the probe's resolver seam)
// to a public-looking address, which the dial seam connects on 127.0.0.1; a name or redirect that
// leads to 127.0.0.1 itself, or to any private address, is refused before any connection.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeDestination, type ProbeOptions } from '../../functions/src/destination-probe';

const SHOP = 'shop.kcw-test.example';
const REBIND = 'rebind.kcw-test.example';
const MIXED = 'mixed.kcw-test.example';
/** What the test names resolve to: an address outside every special range, dialled locally. */
const PUBLIC = '203.0.114.7';

let server: Server;
let port: number;
const userAgents: string[] = [];
let rebindLookups = 0;

const resolve: ProbeOptions['resolve'] = async (host) => {
  if (host === SHOP) return [PUBLIC];
  // Public at the first look-up, this machine at every later one: a name whose owner changes its
  // answer between a check and a connection.
  if (host === REBIND) return rebindLookups++ === 0 ? [PUBLIC] : ['127.0.0.1'];
  if (host === MIXED) return [PUBLIC, '10.0.0.5'];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
};

const options = (extra: Partial<ProbeOptions> = {}): ProbeOptions => ({
  site: 'https://kemptoncodeworks.co.za',
  siteHosts: ['kemptoncodeworks.co.za'],
  resolve,
  dial: (address) => (address === PUBLIC ? '127.0.0.1' : address),
  ...extra,
});

const at = (host: string, path: string) => `http://${host}:${port}${path}`;
const shop = (path: string) => at(SHOP, path);

beforeAll(async () => {
  server = createServer((request, response) => {
    userAgents.push(request.headers['user-agent'] ?? '');
    const path = request.url ?? '/';
    const redirect = (to: string) => response.writeHead(302, { Location: to }).end();
    const hop = /^\/hop\/(\d+)$/.exec(path);
    if (path === '/menu') response.end('<h1>Menu</h1>');
    else if (path === '/gone') response.writeHead(404).end('gone');
    else if (path === '/broken') response.writeHead(500).end('broken');
    else if (path === '/loop') redirect('/loop');
    else if (hop) {
      const n = Number(hop[1]);
      redirect(n > 0 ? `/hop/${n - 1}` : '/menu');
    } else if (path === '/slow') setTimeout(() => response.end('late'), 3_000);
    else if (path === '/huge') {
      // 8 MB, as fast as the connection takes it; the check must stop long before the end.
      const chunk = Buffer.alloc(64 * 1024, 'x');
      let sent = 0;
      const pump = () => {
        while (sent < 128 && !response.destroyed) {
          sent += 1;
          if (!response.write(chunk)) return response.once('drain', pump);
        }
        response.end();
      };
      pump();
    } else if (path === '/to-this-machine') redirect(`http://127.0.0.1:${port}/menu`);
    else if (path === '/to-metadata') redirect('http://169.254.169.254/computeMetadata/v1/');
    else if (path === '/to-localhost') redirect(`http://localhost:${port}/menu`);
    else if (path === '/to-rebind') redirect(at(REBIND, '/menu'));
    else response.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('the destination check', () => {
  it('finds a page that answers, through redirects, and says who is asking', async () => {
    const direct = await probeDestination(shop('/menu'), options());
    expect(direct).toMatchObject({ outcome: { kind: 'ok', status: 200 }, redirects: 0 });
    const hops = await probeDestination(shop('/hop/4'), options());
    expect(hops).toMatchObject({ outcome: { kind: 'ok', status: 200 }, url: shop('/menu') });
    expect(hops.redirects).toBe(5);
    expect(userAgents.at(-1)).toMatch(
      /^KemptonCodeworksLinkCheck\/1\.0 \(\+https:\/\/kemptoncodeworks\.co\.za/,
    );
  });

  it('records an error answer with its status', async () => {
    expect((await probeDestination(shop('/gone'), options())).outcome).toEqual({
      kind: 'status',
      status: 404,
    });
    expect((await probeDestination(shop('/broken'), options())).outcome).toEqual({
      kind: 'status',
      status: 500,
    });
  });

  it('gives up on a redirect loop and on a chain longer than 5', async () => {
    expect((await probeDestination(shop('/loop'), options())).outcome).toEqual({
      kind: 'redirects',
    });
    const long = await probeDestination(shop('/hop/5'), options());
    expect(long.outcome).toEqual({ kind: 'redirects' });
    expect(long.redirects).toBe(5);
  });

  it('gives up on a slow answer when its time is up', async () => {
    const started = Date.now();
    const slow = await probeDestination(shop('/slow'), options({ timeoutMs: 300 }));
    expect(slow.outcome).toEqual({ kind: 'timeout' });
    expect(Date.now() - started).toBeLessThan(2_500);
  });

  it('reads at most 64 KB of a huge answer', async () => {
    const huge = await probeDestination(shop('/huge'), options());
    expect(huge.outcome).toEqual({ kind: 'ok', status: 200 });
    expect(huge.bytesRead).toBe(64 * 1024);
  });

  it('never fetches this machine, a private network or a metadata server, at any hop', async () => {
    for (const target of [
      `http://127.0.0.1:${port}/menu`,
      shop('/to-this-machine'),
      shop('/to-metadata'),
      shop('/to-localhost'),
      at(MIXED, '/menu'),
    ]) {
      const refused = await probeDestination(target, options());
      expect(refused.outcome, target).toEqual({ kind: 'refused' });
    }
    expect(
      (await probeDestination('https://kemptoncodeworks.co.za/q/AbCdEfGhJk', options())).outcome,
    ).toEqual({
      kind: 'refused',
    });
  });

  it('connects to the address it checked, whatever the name answers afterwards', async () => {
    rebindLookups = 0;
    // Checked public, then connected there: a later answer of 127.0.0.1 is never asked for.
    expect((await probeDestination(at(REBIND, '/menu'), options())).outcome).toEqual({
      kind: 'ok',
      status: 200,
    });
    expect(rebindLookups).toBe(1);
    // Reached again by a redirect, the name is looked up again, now privately: refused.
    expect((await probeDestination(shop('/to-rebind'), options())).outcome).toEqual({
      kind: 'refused',
    });
  });

  it('tells a missing name, a failed secure connection and a refused connection apart', async () => {
    expect((await probeDestination('https://lapsed-shop.co.za/menu', options())).outcome).toEqual({
      kind: 'dns',
    });
    // TLS spoken to a server that answers in plain HTTP: the handshake fails.
    expect((await probeDestination(`https://${SHOP}:${port}/menu`, options())).outcome).toEqual({
      kind: 'tls',
    });
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((done) => closed.close(done));
    expect((await probeDestination(`http://${SHOP}:${closedPort}/`, options())).outcome).toEqual({
      kind: 'unreachable',
    });
  });
});
