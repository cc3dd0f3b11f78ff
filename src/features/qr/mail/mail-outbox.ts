// Emailed codes waiting to be sent, in IndexedDB (a store of its own beside the enquiries'): a
// code emailed with no connection is kept and goes once the connection is back. It is an outbox
// of src/lib/outbox/create-outbox.ts, as the enquiries' is: each request is stored before it is
// sent, every send happens under one Web Lock that reads the entry again, what an answer means is
// decided by the outbox's state machine (src/domain/outbox.ts), with the one endpoint
// POST /api/mail/code, and the page delivers it on the same loop (delivery-loop.ts). What it
// brings of its own is how one request is posted, and what each entry keeps besides. Three things
// differ: the request needs the signed-in person's ID token, so
// only the page sends (the service worker has no session); each answer is read as the mail API
// describes it (mailApi), whose table says which refusals are worth sending again: a 429 (this
// hour's emails, or today's addresses, are used up) is one to show, not trouble to retry; and a
// request names a saved code, so it waits until the code's latest write has reached the server
// (code-on-server.ts), which draws the code as it holds it. An entry is sent only for the account
// that made it; the server emails a request id once, so a send whose answer was lost can be
// repeated. An entry keeps the workspace the code is saved in (a team's, or the account's own),
// and its request names it: the server checks the sender's role there when it is sent, which may
// be long after it was made (a member removed meanwhile is refused, in words).
import * as v from 'valibot';
import {
  CODE_MAIL_FIELDS,
  hourlyLimitMessage,
  MAIL_CODE_PATH,
  mailApi,
  mailMessages,
  recipientLimitMessage,
  type CodeMail,
} from '../../../domain/mail';
import type { RefusalOf } from '../../../domain/api';
import { newEntry, readEntry, type OutboxEntry } from '../../../domain/outbox';
import { postAsAccount } from '../../../lib/outbox/account-post';
import { createOutbox, type Posted } from '../../../lib/outbox/create-outbox';
import { deliveryLoop } from '../../../lib/outbox/delivery-loop';
import { codeOnServer } from './code-on-server';

/** The server draws the code's three files, then hands the email over: longer on a cold start. */
const POST_TIMEOUT_MS = 30_000;

/** Who emails a code, and the workspace the code is saved in. */
export interface MailSender {
  /** The account signed in: only its session sends the email. */
  readonly uid: string;
  /** The workspace whose code it is (the account's own id, or a team's). */
  readonly workspace: string;
}

export interface MailEntry extends OutboxEntry {
  /** The account that emailed it: only that account's session sends it. */
  readonly uid: string;
  /**
   * The workspace the code is saved in, sent with the request. Absent in an entry kept by an
   * older version of the page, which emailed the account's own codes only: the request then names
   * none, and the server takes the sender's own account, as it did then.
   */
  readonly workspace?: string;
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

/** What a mail entry keeps besides an outbox entry's fields, checked when it is read back. */
const mailFields = v.object({
  uid: v.string(),
  workspace: v.optional(v.string()),
  to: v.string(),
  name: v.optional(v.string()),
  refusal: v.optional(v.string()),
});

/** A stored value as a mail entry, or set aside (never sent) when it is not one. */
function readMail(key: string, value: unknown) {
  const read = readEntry(key, value);
  if (!('entry' in read)) return read;
  const mine = v.safeParse(mailFields, value);
  if (!mine.success)
    return { unreadable: { id: key, createdAt: read.entry.createdAt, fields: null } };
  return { entry: { ...read.entry, ...mine.output } as MailEntry };
}

const outbox = createOutbox<MailEntry, MailRefusal>({
  name: 'kcw-mail-outbox',
  storeName: 'mail',
  read: readMail,
  post: (entry) => post(entry.fields, entry),
  // The server's refusal, in words, for the person to read while the entry waits for them.
  kept: (entry, refused) => (refused ? { ...entry, refusal: refusalMessage(refused) } : entry),
});

/** Calls `listener` whenever an entry is stored, sent, refused or taken out. */
export const onMailChange = (listener: () => void): (() => void) =>
  outbox.onChange(() => listener());

export const listMail = (): Promise<MailEntry[]> => outbox.list();

/** The request's fields as the outbox keeps and sends them: CODE_MAIL_FIELDS, nothing else. */
const fieldsOf = (mail: CodeMail): [string, string][] =>
  CODE_MAIL_FIELDS.map((field) => [field, mail[field]]);

/**
 * Keeps `mail` to be sent by `sender` (`name`: the code's, to list it); rejects where IndexedDB
 * cannot be used.
 */
export async function storeMail(
  mail: CodeMail,
  { uid, workspace }: MailSender,
  name = '',
): Promise<MailEntry> {
  const entry: MailEntry = {
    ...newEntry(fieldsOf(mail), [MAIL_CODE_PATH], mail.id, Date.now()),
    uid,
    workspace,
    to: mail.to,
    name,
  };
  await outbox.put(entry);
  return entry;
}

export const removeMail = (id: string): Promise<void> => outbox.remove(id);

/**
 * POSTs the request of `fields` as `uid`, for `workspace` (absent: the account's own), once the
 * saved code it names has reached the server (the server draws the code as it holds it). The
 * detail is the server's refusal, where it refused.
 */
function post(
  fields: OutboxEntry['fields'],
  { uid, workspace }: Pick<MailEntry, 'uid' | 'workspace'>,
): Promise<Posted<MailRefusal>> {
  const code = fields.find(([name]) => name === 'code')?.[1];
  return postAsAccount(
    mailApi,
    MAIL_CODE_PATH,
    uid,
    { ...Object.fromEntries(fields), ...(workspace ? { workspace } : {}) },
    {
      timeoutMs: POST_TIMEOUT_MS,
      ready: code === undefined ? undefined : () => codeOnServer(workspace ?? uid, code),
    },
  );
}

/** Sends a just-stored entry. A refusal takes it out: the form still holds what was typed. */
export async function sendStoredMail(id: string): Promise<MailSend> {
  const { result, detail } = await outbox.sendNew(id);
  if (result === 'sent') return { result: 'sent' };
  // 'failed' (someone has it, then a refusal) cannot come of one endpoint: read as a refusal.
  if (result === 'refused' || result === 'failed')
    return { result: 'refused', answer: detail ?? null };
  return { result };
}

/** Sends a request that could not be stored (IndexedDB blocked or full): nothing is kept. */
export async function sendUnstoredMail(
  mail: CodeMail,
  { uid, workspace }: MailSender,
): Promise<MailSend> {
  const entry: MailEntry = {
    ...newEntry(fieldsOf(mail), [MAIL_CODE_PATH], mail.id, Date.now()),
    uid,
    workspace,
    to: mail.to,
  };
  const { result, detail } = await outbox.sendUnstored(entry);
  if (result === 'sent') return { result: 'sent' };
  if (result === 'refused' || result === 'failed')
    return { result: 'refused', answer: detail ?? null };
  return { result };
}

/**
 * Sends every waiting entry (not the refused ones, which wait for the person to read why), on the
 * page's delivery loop: at once, whenever the connection comes back or the tab is shown again,
 * and on the backoff while something waits.
 */
const loop = deliveryLoop(() => outbox.flush());

/** Sends what waits, if online; one run at a time; tries again later while something waits. */
export const deliverMail = (): Promise<void> => loop.deliverNow();

/** Delivers waiting emails from now on while the app is open. */
export const startMailDelivery = (): void => loop.start();

/** For an entry whose first send met trouble: try again on the backing-off timer. */
export const deliverMailSoon = (): void => loop.deliverSoon();
