// Asking the server for dynamic codes' short links (POST /api/links), and what the page says
// meanwhile. The server only reads a code once it has it, so each ask waits for the code's write
// to reach Firestore, which may be much later (offline): until then the code is 'waiting'. An ask
// the network loses is repeated when the browser is back online, and every 30 seconds doubling
// to 10 minutes; a refusal (a limit, an unverified address, a target the rule refuses) stays
// shown until the code changes or the user asks again.
//
// One syncer for the page (a module), so an ask made on the demo page goes on, and is shown,
// after My QR Codes opens. Each ask names the workspace the code is saved in (the person's own
// account, or a team's), which the server checks the person's role in; a switch of workspace
// leaves the asks under way going on for theirs. It works for the account that startAccountWork (account-work.ts)
// starts it for when someone signs in, which also says what to do when the server lacks a link's
// file. It also carries a code's new password to the server (POST /api/links/password) once the
// code's link exists: the password is held in this page's memory only until then, never stored;
// a page closed before that leaves the code asking for a password nobody has set, and My QR Codes
// offers to set it.
import { useSyncExternalStore } from 'react';
import { isFinal } from '../../../domain/api';
import { linksApi, type SyncAnswer } from '../../../domain/qr/link-policy';
import { DELIVERY_BACKOFF, onOnline, RetryTimer } from '../../../lib/retry';
import { requestLinkPassword, requestLinkSync } from './link-requests';

export type LinkWork =
  | { readonly status: 'waiting' | 'working'; readonly signature: string }
  | { readonly status: 'retrying'; readonly signature: string; readonly message: string }
  | { readonly status: 'refused'; readonly signature: string; readonly message: string };

/** A password on its way to the server. */
export type PasswordWork =
  | { readonly status: 'waiting' | 'sending' }
  | { readonly status: 'failed'; readonly message: string };

/** What the account's work gives the syncer when it starts it (account-work.ts). */
export interface LinkWorkStart {
  /** The server lacks a file of the code's link: upload it from this device, if it has it. */
  readonly onFileMissing: (code: string, workspace: string) => void;
}

const noFileAnswer = () => undefined;

export class LinkSyncer {
  private work = new Map<string, LinkWork>();
  /** Asks the network lost, waiting to be made again (30 seconds doubling to 10 minutes). */
  private readonly retries = new Map<string, RetryTimer>();
  private readonly listeners = new Set<() => void>();
  private snapshot: ReadonlyMap<string, LinkWork> = new Map();
  private readonly passwords = new Map<string, { password: string; work: PasswordWork }>();
  private passwordSnapshot: ReadonlyMap<string, PasswordWork> = new Map();
  /** The workspace each code asked about is saved in. */
  private readonly workspaces = new Map<string, string>();
  private generation = 0;
  private account: string | null = null;
  /** Given by start(), taken back by what it returns: nothing else sets it. */
  private fileMissing: (code: string, workspace: string) => void = noFileAnswer;

  constructor(
    private readonly request: (
      code: string,
      workspace: string,
    ) => Promise<SyncAnswer> = requestLinkSync,
    private readonly sendPassword: (
      code: string,
      password: string,
      workspace: string,
    ) => Promise<SyncAnswer> = requestLinkPassword,
  ) {
    onOnline(() => this.retryAll());
  }

  /**
   * Works for the account `uid` from now on (forAccount), answering a link whose file the server
   * lacks with `onFileMissing`. Returns what stops that answer (sign-out); the work under way is
   * kept, as forAccount says, until another account starts.
   */
  start(uid: string, { onFileMissing }: LinkWorkStart): () => void {
    this.forAccount(uid);
    this.fileMissing = onFileMissing;
    return () => {
      if (this.fileMissing === onFileMissing) this.fileMissing = noFileAnswer;
    };
  }

  /**
   * Asks for the link of `code` (saved in `workspace`) once `written` (the code's write) has
   * reached the server. `signature` names what was asked for: a later ask with another one
   * replaces this one.
   */
  after(code: string, written: Promise<unknown>, signature: string, workspace: string) {
    this.workspaces.set(code, workspace);
    this.set(code, { status: 'waiting', signature });
    const generation = this.generation;
    written.then(
      () => {
        if (generation === this.generation && this.work.get(code)?.signature === signature) {
          void this.run(code, signature);
        }
      },
      // The write was refused (the rules): there is nothing for the server to read.
      () => {
        if (this.work.get(code)?.signature === signature) this.forget(code);
      },
    );
  }

  /**
   * Asks for the link of `code` now, unless an ask with this signature is waiting, running, or
   * was refused (My QR Codes calls it for every code whose link is not as it should be).
   */
  ensure(code: string, signature: string, workspace: string) {
    const current = this.work.get(code);
    if (current?.signature === signature) return;
    this.workspaces.set(code, workspace);
    void this.run(code, signature);
  }

  /** Asks again now (the user's "Try again"). */
  retry(code: string) {
    const current = this.work.get(code);
    if (current) void this.run(code, current.signature);
  }

  /**
   * Sends `password` for the code's link: now if `linkExists`, else once the link is made (the
   * next answer that holds it).
   */
  setPassword(code: string, password: string, linkExists: boolean, workspace: string) {
    this.workspaces.set(code, workspace);
    this.passwords.set(code, { password, work: { status: 'waiting' } });
    this.publish();
    if (linkExists) void this.deliverPassword(code);
  }

  /**
   * The account whose links this page works on: another one (a different user signed in) makes
   * it forget everything; the same one keeps the work under way, and any password still waiting
   * for its link. The first account named is the one the page already worked for (a save made
   * just after sign-in, before the account's work had started).
   */
  forAccount(uid: string) {
    if (uid === this.account) return;
    const known = this.account !== null;
    this.account = uid;
    if (known) this.reset();
  }

  /** Forgets everything. */
  reset() {
    this.generation += 1;
    for (const retry of this.retries.values()) retry.cancel();
    this.retries.clear();
    this.work = new Map();
    this.passwords.clear();
    this.workspaces.clear();
    this.publish();
  }

  getPasswords = () => this.passwordSnapshot;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  private async run(code: string, signature: string) {
    this.clearRetry(code);
    this.set(code, { status: 'working', signature });
    const generation = this.generation;
    const workspace = this.workspaceOf(code);
    const answer = await this.request(code, workspace);
    if (generation !== this.generation || this.work.get(code)?.signature !== signature) return;
    if (answer.ok) {
      this.forget(code);
      if (answer.link && !answer.link.deleted) void this.deliverPassword(code);
    } else if (!isFinal(linksApi, answer.problem)) {
      // Worth asking again by itself, as the API's table says (the server was busy, the file is
      // still on its way): the page waits, and asks again.
      this.set(code, { status: 'retrying', signature, message: answer.message });
      this.scheduleRetry(code);
      // The file goes up from this device if it has it; its end asks again at once.
      if (answer.problem === 'file-missing') this.fileMissing(code, workspace);
    } else {
      this.set(code, { status: 'refused', signature, message: answer.message });
    }
  }

  private async deliverPassword(code: string) {
    const pending = this.passwords.get(code);
    if (!pending || pending.work.status === 'sending') return;
    pending.work = { status: 'sending' };
    this.publish();
    const answer = await this.sendPassword(code, pending.password, this.workspaceOf(code));
    if (this.passwords.get(code) !== pending) return;
    if (answer.ok) this.passwords.delete(code);
    else pending.work = { status: 'failed', message: answer.message };
    this.publish();
  }

  /** The workspace of the code's ask; the account's own if none was named (none is left so). */
  private workspaceOf(code: string): string {
    return this.workspaces.get(code) ?? this.account ?? '';
  }

  private scheduleRetry(code: string) {
    let retry = this.retries.get(code);
    if (!retry) {
      retry = new RetryTimer(DELIVERY_BACKOFF);
      this.retries.set(code, retry);
    }
    retry.later(() => this.retry(code));
  }

  private clearRetry(code: string) {
    this.retries.get(code)?.cancel();
  }

  private retryAll() {
    for (const [code, work] of this.work) if (work.status === 'retrying') this.retry(code);
  }

  private set(code: string, work: LinkWork) {
    this.work.set(code, work);
    this.publish();
  }

  private forget(code: string) {
    this.clearRetry(code);
    this.retries.delete(code);
    this.work.delete(code);
    this.publish();
  }

  private publish() {
    this.snapshot = new Map(this.work);
    this.passwordSnapshot = new Map(
      [...this.passwords].map(([code, { work }]) => [code, work] as const),
    );
    this.listeners.forEach((listener) => listener());
  }
}

export const linkSyncer = new LinkSyncer();

/** The passwords on their way to the server, by code, live. */
export const usePasswordWork = (): ReadonlyMap<string, PasswordWork> =>
  useSyncExternalStore(linkSyncer.subscribe, linkSyncer.getPasswords, linkSyncer.getPasswords);

/** What is being asked of the server for each code's link, live. */
export const useLinkWork = (): ReadonlyMap<string, LinkWork> =>
  useSyncExternalStore(linkSyncer.subscribe, linkSyncer.getSnapshot, linkSyncer.getSnapshot);
