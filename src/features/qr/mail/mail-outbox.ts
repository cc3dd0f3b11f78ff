// Emailed codes waiting to be sent, in IndexedDB (idb-keyval, a store of its own beside the
// enquiries'): a code emailed with no connection is kept and goes once the connection is back.
// It follows the enquiry outbox (src/lib/outbox/outbox.ts): each request is stored before it is
// sent, every send happens under one Web Lock that reads the entry again, and what an answer
// means is decided by the outbox's state machine (src/domain/outbox.ts), with the one endpoint
// POST /api/mail/code. Three things differ: the request needs the signed-in person's ID token, so
// only the page sends (the service worker has no session); each answer is read as the mail API
// describes it (mailApi), whose table says which refusals are worth sending again: a 429 (this
// hour's emails, or today's addresses, are used up) is one to show, not trouble to retry; and a
// request names a saved code, so it waits until the code's latest write has reached the server
// (code-on-server.ts), which draws the code as it holds it. An entry is sent only for the account
// that made it; the server emails a request id once, so a send whose answer was lost can be
// repeated.
import { createStore, del, get, set, values } from 'idb-keyval';
import {
  CODE_MAIL_FIELDS,
  hourlyLimitMessage,
  MAIL_CODE_PATH,
  mailApi,
  mailMessages,
  recipientLimitMessage,
  type CodeMail,
  type MailAnswer,
} from '../../../domain/mail';
import { isFinal, type RefusalOf } from '../../../domain/api';
import {
  afterRound,
  newEntry,
  outcomeOfStatus,
  type OutboxEntry,
  type PostOutcome,
} from '../../../domain/outbox';
import { readAnswer } from '../../../lib/api-answer';
import { idToken, tokenRefused } from '../../../lib/auth/session';
import { timeoutSignal } from '../../../lib/compat';
import { codeOnServer } from './code-on-server';

const store = createStore('kcw-mail-outbox', 'mail');
const LOCK = 'kcw-mail-outbox';
/** The server draws the code's three files, then hands the email over: longer on a cold start. */
const POST_TIMEOUT_MS = 30_000;
const FIRST_RETRY_MS = 30_000;
const LAST_RETRY_MS = 10 * 60_000;

export interface MailEntry extends OutboxEntry {
  /** The account that emailed it: only that account's session sends it. */
  readonly uid: string;
  readonly to: string;
  /** The code's name, to list the entry on this device: never sent (the server has the code's). */
  readonly name?: string;
  /** Why the server refused it, once it has ('failed'). */
  readonly refusal?: string;
}

/** A refusal of the mail API (mailApi). */
export type MailRefusal = RefusalOf<typeof mailApi>;

/** How a send ended, for the person who pressed Send. */
export type MailSend =
  | { readonly result: 'sent' | 'queued' | 'trouble' }
  | { readonly result: 'refused'; readonly answer: MailRefusal | null };

/** The words of a refusal, the limits' times in the device's own (the server's are in UTC). */
export function refusalMessage(answer: MailRefusal | null): string {
  if (answer?.retryAt && answer.problem === 'too-many') {
    return hourlyLimitMessage(new Date(answer.retryAt));
  }
  if (answer?.retryAt && answer.problem === 'too-many-recipients') {
    return recipientLimitMessage(new Date(answer.retryAt));
  }
  return answer?.message ?? mailMessages.unavailable;
}

const listeners = new Set<() => void>();
const announce = () => listeners.forEach((listener) => listener());

/** Calls `listener` whenever an entry is stored, sent, refused or taken out. */
export function onMailChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function listMail(): Promise<MailEntry[]> {
  return (await values<MailEntry>(store)).sort((a, b) => a.createdAt - b.createdAt);
}

/** The request's fields as the outbox keeps and sends them: CODE_MAIL_FIELDS, nothing else. */
const fieldsOf = (mail: CodeMail): [string, string][] =>
  CODE_MAIL_FIELDS.map((field) => [field, mail[field]]);

/**
 * Keeps `mail` to be sent for `uid` (`name`: the code's, to list it); rejects where IndexedDB
 * cannot be used.
 */
export async function storeMail(mail: CodeMail, uid: string, name = ''): Promise<MailEntry> {
  const entry: MailEntry = {
    ...newEntry(fieldsOf(mail), [MAIL_CODE_PATH], mail.id, Date.now()),
    uid,
    to: mail.to,
    name,
  };
  await set(entry.id, entry, store);
  announce();
  return entry;
}

export async function removeMail(id: string) {
  await del(id, store);
  announce();
}

/** The account an ID token is of (its `sub`), read without checking it: the server does that. */
function uidOfToken(token: string): string | null {
  try {
    const payload = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    const { sub } = JSON.parse(atob(payload)) as { sub?: unknown };
    return typeof sub === 'string' ? sub : null;
  } catch {
    return null;
  }
}

/** The browser knows it has no connection (where it cannot tell, it is taken to have one). */
const offline = () => (globalThis.navigator as Navigator | undefined)?.onLine === false;

interface Posted {
  readonly outcome: PostOutcome;
  readonly answer: MailAnswer | null;
}

/** POSTs the request of `fields` as `uid`; no answer ('network') also when `uid` is not signed in. */
async function post(fields: OutboxEntry['fields'], uid: string): Promise<Posted> {
  let token: string | null;
  try {
    token = await idToken();
  } catch {
    // Offline with an ID token that has expired: it cannot be renewed until the connection is back.
    return { outcome: 'network', answer: null };
  }
  if (!token || uidOfToken(token) !== uid) return { outcome: 'network', answer: null };
  if (offline()) return { outcome: 'network', answer: null };
  const code = fields.find(([name]) => name === 'code')?.[1];
  if (code !== undefined && !(await codeOnServer(uid, code).catch(() => false))) {
    // The saved code has not reached the server yet: the same as no answer, tried again later.
    return { outcome: offline() ? 'network' : 'server', answer: null };
  }
  let response: Response;
  try {
    response = await fetch(MAIL_CODE_PATH, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(Object.fromEntries(fields)),
      signal: timeoutSignal(POST_TIMEOUT_MS),
    });
  } catch {
    return { outcome: 'network', answer: null };
  }
  // The token was refused: renewed for the next try, or this device signs out (session.ts).
  if (response.status === 401) await tokenRefused(token);
  // Only an answer the API describes is read (a proxy's error page is none).
  const answer = readAnswer(mailApi, response.status, await response.text().catch(() => ''));
  // A refusal is sent again only where the API's table says it is worth it (this hour's emails,
  // or today's addresses, used up: trying again soon would be refused too); with no answer, the
  // status says, as for the enquiries.
  const outcome: PostOutcome = !answer
    ? outcomeOfStatus(response.status)
    : answer.ok
      ? 'ok'
      : isFinal(mailApi, answer.problem)
        ? 'rejected'
        : 'server';
  return { outcome, answer };
}

/** One send of an entry, and the entry as it now stands (null: sent, or gone). */
async function sendRound(entry: MailEntry) {
  const posted = await post(entry.fields, entry.uid);
  const round = afterRound(entry, new Map([[MAIL_CODE_PATH, posted.outcome]]));
  const refused = posted.answer && !posted.answer.ok ? posted.answer : null;
  const next: MailEntry | null =
    round.result === 'sent'
      ? null
      : {
          ...entry,
          ...round.entry,
          ...(refused ? { refusal: refusalMessage(refused) } : {}),
        };
  return { ...round, entry: next, refused };
}

/** Runs `task` while holding the mail outbox's lock (where the browser has Web Locks). */
function withLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;
  return locks ? locks.request(LOCK, task) : task();
}

/** Sends a just-stored entry. A refusal takes it out: the form still holds what was typed. */
export function sendStoredMail(id: string): Promise<MailSend> {
  return withLock(async (): Promise<MailSend> => {
    const entry = await get<MailEntry>(id, store);
    // Delivered meanwhile by a flush that had the lock first.
    if (!entry) return { result: 'sent' };
    const round = await sendRound(entry);
    if (round.result === 'sent') {
      await removeMail(id);
      return { result: 'sent' };
    }
    if (round.result === 'refused') {
      await removeMail(id);
      return { result: 'refused', answer: round.refused };
    }
    await set(id, round.entry, store);
    announce();
    return { result: round.offline ? 'queued' : 'trouble' };
  });
}

/** Sends a request that could not be stored (IndexedDB blocked or full): nothing is kept. */
export async function sendUnstoredMail(mail: CodeMail, uid: string): Promise<MailSend> {
  const posted = await post(fieldsOf(mail), uid);
  if (posted.outcome === 'ok') return { result: 'sent' };
  if (posted.outcome === 'rejected') {
    return { result: 'refused', answer: posted.answer && !posted.answer.ok ? posted.answer : null };
  }
  return { result: posted.outcome === 'network' ? 'queued' : 'trouble' };
}

/**
 * Sends every waiting entry (not the refused ones, which wait for the person to read why). Stops
 * at the first that finds no connection. Resolves to whether anything is still waiting.
 */
function flushMail(): Promise<boolean> {
  return withLock(async () => {
    let waiting = false;
    for (const entry of await listMail()) {
      if (entry.status !== 'queued') continue;
      const round = await sendRound(entry);
      if (round.entry) await set(entry.id, round.entry, store);
      else await del(entry.id, store);
      announce();
      if (round.result === 'queued' || round.result === 'trouble') {
        waiting = true;
        if (round.offline) break;
      }
    }
    return waiting;
  });
}

let started = false;
let running: Promise<void> | undefined;
let retryDelay = FIRST_RETRY_MS;
let retryTimer: number | undefined;

function retryLater() {
  window.clearTimeout(retryTimer);
  retryTimer = window.setTimeout(() => void deliverMail(), retryDelay);
  retryDelay = Math.min(retryDelay * 2, LAST_RETRY_MS);
}

/** Sends what waits, if online; one run at a time; tries again later while something waits. */
export function deliverMail(): Promise<void> {
  if (!navigator.onLine) return Promise.resolve();
  running ??= flushMail()
    .then((waiting) => {
      if (waiting) retryLater();
      else retryDelay = FIRST_RETRY_MS;
    })
    .catch(() => undefined)
    .finally(() => {
      running = undefined;
    });
  return running;
}

/**
 * Delivers waiting emails from now on while the app is open: at once, whenever the connection
 * comes back or the tab is shown again, and on a backing-off timer after trouble.
 */
export function startMailDelivery() {
  if (started) return;
  started = true;
  void deliverMail();
  window.addEventListener('online', () => void deliverMail());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void deliverMail();
  });
}

/** For an entry whose first send met trouble: try again on the backing-off timer. */
export function deliverMailSoon() {
  startMailDelivery();
  retryLater();
}
