// How much of the `hosted` function one client may take (file-link.ts), counted in the instance's
// memory: a few downloads at once, and a number of bytes a minute. The function runs on its own
// instances, so a flood of downloads can never slow a scan; these limits keep one client from
// taking all of those instances' capacity (and the company's reads and egress) from the others.
//
// A client is the address the platform vouches for (client-address.ts), an IPv6 one as its /64.
// Whoever calls the function at its own address can write that entry, so the peer (the right-most
// entry: Hosting's edge through Hosting, the caller itself on a direct call) has limits of its
// own beside, ten clients' worth, as the password guesses do. The counts live in one instance: a
// client spread over several instances by the load balancer gets each instance's allowance,
// which still bounds it by the function's maxInstances.
import { networkOf, type ClientAddresses } from './client-address';
import type { Admission } from './file-serve';

/**
 * Answers one client may be sent at once. A browser opens at most six connections to a host over
 * HTTP/1.1, and a page of ours shows one file: a player asks for one range at a time, a PDF
 * viewer for a few. More at once is a script.
 */
export const DOWNLOADS_PER_CLIENT = 6;

/**
 * Bytes one client may be sent a minute: 60 MiB, 8 Mbit/s on average, above what a phone's
 * player takes for HD video (about 5 Mbit/s), so watching never meets it, while a script that
 * fetches a file again and again does within a minute. A client may use it all at once (a burst
 * of ranges after a seek) and then gets it back at a steady 1 MiB a second.
 */
export const CLIENT_BYTES_PER_MINUTE = 60 * 1024 * 1024;

/**
 * A peer may take ten clients' worth: through Hosting one edge carries many visitors, while a
 * direct caller who writes a new client entry each time is held to this.
 */
export const PEER_FACTOR = 10;

/** Retry-After when a client has all its downloads open: about how long an answer takes. */
const BUSY_RETRY_SECONDS = 5;

/**
 * Clients remembered before the idle ones are forgotten (an idle client with its whole allowance
 * back is the same as one never seen): about 100 bytes each, so a megabyte at most.
 */
const MAX_CLIENTS = 10_000;

interface ClientState {
  /** Bytes it may still be sent now, as of `at`. */
  allowance: number;
  at: number;
  open: number;
}

export interface LimitOptions {
  readonly downloads?: number;
  readonly bytesPerMinute?: number;
  readonly now?: () => number;
}

export class ClientLimits {
  private readonly clients = new Map<string, ClientState>();
  private readonly downloads: number;
  private readonly bytesPerMinute: number;
  private readonly now: () => number;

  constructor({
    downloads = DOWNLOADS_PER_CLIENT,
    bytesPerMinute = CLIENT_BYTES_PER_MINUTE,
    now = Date.now,
  }: LimitOptions = {}) {
    this.downloads = downloads;
    this.bytesPerMinute = bytesPerMinute;
    this.now = now;
  }

  /** The client's state as of now, its allowance refilled for the time since it was last seen. */
  private stateOf(client: string, now: number): ClientState {
    let state = this.clients.get(client);
    if (!state) {
      if (this.clients.size >= MAX_CLIENTS) this.forgetIdle(now);
      state = { allowance: this.bytesPerMinute, at: now, open: 0 };
      this.clients.set(client, state);
    }
    const refill = ((now - state.at) / 60_000) * this.bytesPerMinute;
    state.allowance = Math.min(this.bytesPerMinute, state.allowance + Math.max(0, refill));
    state.at = now;
    return state;
  }

  private forgetIdle(now: number) {
    for (const [client, state] of this.clients) {
      const refilled = state.allowance + ((now - state.at) / 60_000) * this.bytesPerMinute;
      if (state.open === 0 && refilled >= this.bytesPerMinute) this.clients.delete(client);
    }
  }

  /**
   * Takes an answer of `bytes` for `client`, checked and counted in one step: the bytes are
   * reserved before any is read, so a burst of requests is counted in full before it is served.
   * What the answer does not send (the client went away) is given back when it is done.
   */
  take(client: string, bytes: number): Admission {
    const now = this.now();
    const state = this.stateOf(client, now);
    if (state.open >= this.downloads) {
      return {
        ok: false,
        retryAfterSeconds: BUSY_RETRY_SECONDS,
        message: `Too many downloads from your address at once (${this.downloads} at most): try again in a moment.`,
      };
    }
    if (bytes > state.allowance) {
      const waitMs = ((bytes - state.allowance) / this.bytesPerMinute) * 60_000;
      return {
        ok: false,
        retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
        message: 'Too much downloaded from your address in the last minute: try again in a moment.',
      };
    }
    state.allowance -= bytes;
    state.open += 1;
    let done = false;
    return {
      ok: true,
      done: (sent) => {
        if (done) return;
        done = true;
        const now = this.now();
        const after = this.stateOf(client, now);
        after.open -= 1;
        after.allowance = Math.min(
          this.bytesPerMinute,
          after.allowance + Math.max(0, bytes - sent),
        );
      },
    };
  }

  /** Clients remembered now (for the bench and tests). */
  get size(): number {
    return this.clients.size;
  }
}

/** The limits of the clients and of the peers (ten clients' worth each unless given). */
export function downloadLimits(
  clients = new ClientLimits(),
  peers = new ClientLimits({
    downloads: PEER_FACTOR * DOWNLOADS_PER_CLIENT,
    bytesPerMinute: PEER_FACTOR * CLIENT_BYTES_PER_MINUTE,
  }),
) {
  /** An answer of `bytes` taken from the client's and the peer's allowance, or neither. */
  return ({ client, peer }: ClientAddresses, bytes: number): Admission => {
    const clientNetwork = networkOf(client);
    const peerNetwork = networkOf(peer);
    const first = clients.take(clientNetwork, bytes);
    // No proxy wrote an entry: the peer is the client itself, counted once.
    if (!first.ok || peerNetwork === clientNetwork) return first;
    const second = peers.take(peerNetwork, bytes);
    if (!second.ok) {
      first.done(0);
      return second;
    }
    return {
      ok: true,
      done: (sent) => {
        first.done(sent);
        second.done(sent);
      },
    };
  };
}
