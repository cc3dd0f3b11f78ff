// The outbox itself, with two kinds of entry side by side against an in-memory IndexedDB
// (fake-indexeddb): a kind is only how an entry is read back and posted, and what it keeps of a
// refusal; storing, the lock, the rounds, the flush and the change channel are the outbox's. The
// enquiries' and the emailed codes' outboxes are tested on their own (outbox.test.ts,
// src/features/qr/mail/mail-outbox.test.ts).
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { newEntry, readEntry, type OutboxEntry, type PostOutcome } from '../../domain/outbox';
import { createOutbox, type OutboxChange, type OutboxKind } from './create-outbox';
import { installWebLocks } from './testing';

/** A kind of entry that keeps a label besides, and writes a refusal's words into the entry. */
interface Parcel extends OutboxEntry {
  readonly label: string;
  readonly refusal?: string;
}

/** What each endpoint answers next (ok when the script runs out), and who was posted what. */
function endpoints(script: Record<string, PostOutcome[]>) {
  const posted: string[] = [];
  const post = vi.fn(async (entry: OutboxEntry, endpoint: string) => {
    posted.push(`${entry.id}→${endpoint}`);
    const outcome = script[endpoint]?.shift() ?? 'ok';
    return outcome === 'rejected' ? { outcome, detail: `${endpoint} said no` } : { outcome };
  });
  return { posted, post };
}

let made = 0;
const parcel = (label: string, to: string[] = ['a']): Parcel => ({
  ...newEntry([['text', label]], to, `parcel-${(made += 1)}`, made),
  label,
});
const letter = (text: string, to: string[] = ['a']): OutboxEntry =>
  newEntry([['text', text]], to, `letter-${(made += 1)}`, made);

/** The parcels' kind: an entry and its label (and the words of a refusal, once refused). */
const parcelKind = (post: OutboxKind<Parcel, string>['post']): OutboxKind<Parcel, string> => ({
  name: 'test-parcels',
  storeName: 'parcels',
  read: (key, value) => {
    const read = readEntry(key, value);
    if (!('entry' in read)) return read;
    const own = v.safeParse(
      v.object({ label: v.string(), refusal: v.optional(v.string()) }),
      value,
    );
    return own.success
      ? { entry: { ...read.entry, ...own.output } }
      : { unreadable: { id: key, createdAt: null, fields: null } };
  },
  post,
  kept: (entry, said) => (said ? { ...entry, refusal: said } : entry),
});

function parcels(script: Record<string, PostOutcome[]>) {
  const server = endpoints(script);
  return { outbox: createOutbox(parcelKind(server.post)), ...server };
}

function letters(script: Record<string, PostOutcome[]>) {
  const server = endpoints(script);
  const outbox = createOutbox<OutboxEntry, string>({
    name: 'test-letters',
    storeName: 'letters',
    read: readEntry,
    post: server.post,
  });
  return { outbox, ...server };
}

let removeLocks = () => {};
beforeEach(async () => {
  removeLocks = installWebLocks();
  for (const { outbox } of [parcels({}), letters({})]) {
    const { entries, unreadable } = await outbox.read();
    for (const entry of [...entries, ...unreadable]) await outbox.remove(entry.id);
  }
});
afterEach(() => {
  removeLocks();
  vi.unstubAllGlobals();
});

describe('an outbox of any kind', () => {
  it('keeps each kind in its own store, with what the kind keeps besides', async () => {
    const box = parcels({});
    const other = letters({});
    const kept = parcel('fragile');
    await box.outbox.put(kept);
    await other.outbox.put(letter('hello'));
    expect(await box.outbox.list()).toEqual([kept]);
    expect((await other.outbox.list()).map((entry) => entry.fields)).toEqual([[['text', 'hello']]]);
  });

  it('sends each kind through its own post, in order, and forgets what was delivered', async () => {
    const box = parcels({});
    const other = letters({});
    const first = parcel('one', ['a', 'b']);
    const second = letter('two', ['c']);
    await box.outbox.put(first);
    await other.outbox.put(second);
    expect(await box.outbox.sendNew(first.id)).toEqual({ result: 'sent' });
    expect(await other.outbox.flush()).toBe(true);
    expect(box.posted).toEqual([`${first.id}→a`, `${first.id}→b`]);
    expect(other.posted).toEqual([`${second.id}→c`]);
    expect(await box.outbox.list()).toEqual([]);
    expect(await other.outbox.list()).toEqual([]);
  });

  it('keeps what the kind makes of a refusal after someone has it, and never sends it again', async () => {
    const box = parcels({ b: ['rejected'] });
    const entry = parcel('one', ['a', 'b']);
    await box.outbox.put(entry);
    expect(await box.outbox.sendNew(entry.id)).toEqual({ result: 'failed', detail: 'b said no' });
    expect(await box.outbox.list()).toMatchObject([
      { id: entry.id, status: 'failed', pending: ['b'], label: 'one', refusal: 'b said no' },
    ]);
    expect(await box.outbox.flush()).toBe(true);
    expect(box.posted).toEqual([`${entry.id}→a`, `${entry.id}→b`]);
  });

  it('drops a first send refused before anyone has it, with the detail to show', async () => {
    const other = letters({ a: ['rejected'] });
    const entry = letter('one');
    await other.outbox.put(entry);
    expect(await other.outbox.sendNew(entry.id)).toEqual({
      result: 'refused',
      detail: 'a said no',
    });
    expect(await other.outbox.list()).toEqual([]);
  });

  it('flushes until no connection, keeping the rest queued for the next try', async () => {
    const box = parcels({ a: ['network'] });
    const first = parcel('one');
    const second = parcel('two');
    await box.outbox.put(first);
    await box.outbox.put(second);
    const whenEmpty = vi.fn();
    expect(await box.outbox.flush(whenEmpty)).toBe(false);
    expect(whenEmpty).not.toHaveBeenCalled();
    expect(box.posted).toEqual([`${first.id}→a`]);
    expect((await box.outbox.list()).map((entry) => [entry.id, entry.attempts])).toEqual([
      [first.id, 1],
      [second.id, 0],
    ]);
    expect(await box.outbox.flush(whenEmpty)).toBe(true);
    expect(whenEmpty).toHaveBeenCalledTimes(1);
  });

  it('sets aside what its kind cannot read, and never sends it', async () => {
    const box = parcels({});
    const { label, ...unlabelled } = parcel('lost');
    expect(label).toBe('lost');
    await box.outbox.put(unlabelled as Parcel);
    expect(await box.outbox.read()).toEqual({
      entries: [],
      unreadable: [{ id: unlabelled.id, createdAt: null, fields: null }],
    });
    expect(await box.outbox.sendNew(unlabelled.id)).toEqual({ result: 'failed' });
    expect(box.posted).toEqual([]);
  });

  it('posts each entry once when two contexts flush at the same time', async () => {
    const box = parcels({});
    // Another context (a tab, the service worker): an outbox of its own over the same store.
    const again = createOutbox(parcelKind(box.post));
    const entry = parcel('once');
    await box.outbox.put(entry);
    await Promise.all([box.outbox.flush(), again.flush()]);
    expect(box.posted).toEqual([`${entry.id}→a`]);
  });

  it('announces its own changes only to its own listeners', async () => {
    const box = parcels({});
    const other = letters({});
    const heard: OutboxChange[] = [];
    const elsewhere: OutboxChange[] = [];
    const stop = box.outbox.onChange((change) => heard.push(change));
    const stopOther = other.outbox.onChange((change) => elsewhere.push(change));
    const entry = parcel('news');
    await box.outbox.put(entry);
    await box.outbox.sendNew(entry.id);
    stop();
    stopOther();
    expect(heard).toEqual([
      { kind: 'stored', id: entry.id },
      { kind: 'sent', id: entry.id },
    ]);
    expect(elsewhere).toEqual([]);
  });

  it('sends an entry it cannot store as it is, keeping nothing', async () => {
    const other = letters({ a: ['server'] });
    const entry = letter('as is');
    expect(await other.outbox.sendUnstored(entry)).toMatchObject({
      result: 'trouble',
      offline: false,
    });
    expect(await other.outbox.list()).toEqual([]);
  });
});
