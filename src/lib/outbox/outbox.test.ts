// The outbox's storage and sending rules against an in-memory IndexedDB (fake-indexeddb) and a
// stand-in fetch. The real browser, IndexedDB, service worker and inbox are tested end to end in
// tests/contact.spec.ts.
import 'fake-indexeddb/auto';
import { clear, createStore, set } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installWebLocks, serve } from './testing';
import {
  flushOutbox,
  listOutbox,
  onOutboxChange,
  readOutbox,
  refusalReason,
  removeEntry,
  sendNew,
  storeAndSend,
  storeEnquiry,
} from './outbox';

const endpoints = ['https://forms.test/a', 'https://forms.test/b'];
const fields = [
  ['name', 'Lerato'],
  ['email', 'lerato@example.test'],
] as const;

/**
 * A fetch whose answers wait until `release()`, to act while a round is in flight: `posting`
 * settles once the first POST has started. `statuses` answers by endpoint (200 otherwise).
 */
function holdFetch(statuses: Record<string, number>) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let started = () => {};
  const posting = new Promise<void>((resolve) => (started = resolve));
  const fetch = vi.fn(async (url: string) => {
    started();
    await released;
    return new Response('{}', { status: statuses[url] ?? 200 });
  });
  vi.stubGlobal('fetch', fetch);
  return { posting, release };
}

/** The outbox's own IndexedDB store, to put there what the outbox itself would never write. */
const rawStore = createStore('kcw-enquiry-outbox', 'enquiries');

beforeEach(async () => {
  for (const entry of await listOutbox()) await removeEntry(entry.id);
  await clear(rawStore);
});
afterEach(() => vi.unstubAllGlobals());

// Every rule holds with the browser's Web Locks (every current browser) and without (the
// outbox then runs its tasks unlocked): the locked path is what users get.
describe.each([
  ['without Web Locks', false],
  ['with Web Locks', true],
])('%s', (_, withLocks) => {
  let removeLocks = () => {};
  beforeEach(() => {
    if (withLocks) removeLocks = installWebLocks();
  });
  afterEach(() => removeLocks());

  describe('the outbox', () => {
    it('keeps a stored enquiry until it is sent', async () => {
      const entry = await storeEnquiry(fields, endpoints);
      expect(await listOutbox()).toEqual([entry]);
      expect(entry).toMatchObject({ status: 'queued', pending: endpoints, attempts: 0 });
    });

    it('posts the fields as a form to every endpoint in order, then forgets the enquiry', async () => {
      const posted = serve({});
      const entry = await storeEnquiry(fields, endpoints);
      expect(await sendNew(entry.id)).toEqual({ result: 'sent' });
      expect(posted).toEqual(
        endpoints.map((url) => ({
          url,
          accept: 'application/json',
          body: [...fields.map((f) => [...f]), ['enquiryId', entry.id]],
        })),
      );
      expect(await listOutbox()).toEqual([]);
    });

    it('keeps an enquiry that found no connection, whole', async () => {
      serve({ [endpoints[0]]: ['offline'] });
      const entry = await storeEnquiry(fields, endpoints);
      expect(await sendNew(entry.id)).toEqual({ result: 'queued' });
      expect(await listOutbox()).toMatchObject([{ id: entry.id, pending: endpoints, attempts: 1 }]);
    });

    it('sends later only to the endpoint that did not get it', async () => {
      const posted = serve({ [endpoints[1]]: [503] });
      const entry = await storeEnquiry(fields, endpoints);
      // One endpoint has it: sending it whole again would duplicate it, so it waits.
      expect(await sendNew(entry.id)).toEqual({ result: 'queued' });
      expect((await listOutbox())[0]).toMatchObject({ pending: [endpoints[1]], attempts: 1 });

      expect(await flushOutbox()).toBe(true);
      expect(posted.map((post) => post.url)).toEqual([...endpoints, endpoints[1]]);
      expect(await listOutbox()).toEqual([]);
    });

    it('keeps an enquiry nobody has when the service fails, to try again later', async () => {
      const posted = serve({ [endpoints[0]]: [503] });
      const entry = await storeEnquiry(fields, endpoints);
      expect(await sendNew(entry.id)).toEqual({ result: 'trouble' });
      expect(posted.map((post) => post.url)).toEqual([endpoints[0]]);
      expect(await listOutbox()).toMatchObject([
        { id: entry.id, status: 'queued', pending: endpoints, attempts: 1 },
      ]);
      expect(await flushOutbox()).toBe(true);
      expect(await listOutbox()).toEqual([]);
    });

    it("drops an enquiry the service refuses before anyone has it, with the service's reason", async () => {
      const errors = [{ field: 'email', code: 'TYPE_EMAIL', message: 'should be an email' }];
      serve({ [endpoints[0]]: [422] }, { 422: { error: 'email should be an email', errors } });
      const entry = await storeEnquiry(fields, endpoints);
      expect(await sendNew(entry.id)).toEqual({
        result: 'refused',
        reason: 'email should be an email',
      });
      expect(await listOutbox()).toEqual([]);

      serve({ [endpoints[0]]: [404] }, { 404: 'Not Found' });
      const unexplained = await storeEnquiry(fields, endpoints);
      expect(await sendNew(unexplained.id)).toEqual({ result: 'refused', reason: null });
    });

    it('saves each endpoint’s OK at once, before posting to the next', async () => {
      const seen: string[][] = [];
      const fetch = vi.fn(async (url: string) => {
        seen.push((await listOutbox()).flatMap((entry) => entry.pending));
        return new Response('{}', { status: url === endpoints[1] ? 503 : 200 });
      });
      vi.stubGlobal('fetch', fetch);
      const entry = await storeEnquiry(fields, endpoints);
      expect(await sendNew(entry.id)).toEqual({ result: 'queued' });
      // When the second endpoint is asked, the first one's OK is already stored.
      expect(seen).toEqual([endpoints, [endpoints[1]]]);
    });

    it('keeps the id of an enquiry sent again after an edit, in its fields too', async () => {
      const posted = serve({});
      const entry = await storeEnquiry(
        [...fields, ['enquiryId', 'old']],
        [endpoints[1]],
        'kept-id',
      );
      expect(entry.id).toBe('kept-id');
      await sendNew(entry.id);
      expect(posted.map((post) => [post.url, post.body.at(-1)])).toEqual([
        [endpoints[1], ['enquiryId', 'kept-id']],
      ]);
      expect(posted[0]!.body.filter(([name]) => name === 'enquiryId')).toHaveLength(1);
    });

    it('tells each listener of a change in this context once, and of another context’s too', async () => {
      const heard: string[] = [];
      const stop = onOutboxChange((change) => heard.push(`${change.kind} ${change.id}`));
      const entry = await storeEnquiry(fields, endpoints);
      // Another tab or the service worker: its own channel, without this context's mark.
      const elsewhere = new BroadcastChannel('kcw-enquiry-outbox');
      elsewhere.postMessage({ kind: 'sent', id: 'other-tab' });
      await vi.waitFor(() => expect(heard).toContain('sent other-tab'));
      stop();
      elsewhere.close();
      expect(heard).toEqual([`stored ${entry.id}`, 'sent other-tab']);
    });

    it('counts a 2xx as delivered whatever its body', async () => {
      serve({}, { 200: '<html>not json' });
      const entry = await storeEnquiry(fields, endpoints);
      expect(await sendNew(entry.id)).toEqual({ result: 'sent' });
      expect(await listOutbox()).toEqual([]);
    });

    it('does not send again what a flush delivered first', async () => {
      const posted = serve({});
      const entry = await storeEnquiry(fields, endpoints);
      await flushOutbox();
      expect(await sendNew(entry.id)).toEqual({ result: 'sent' });
      expect(posted).toHaveLength(2);
    });

    // "I emailed it: stop trying" while a round is posting it: the round must not write the
    // enquiry back when it ends, or it would be sent after all and the company get it twice.
    it.each([
      ['the first endpoint fails', { [endpoints[0]]: 503 }],
      ['one endpoint has it and the other fails', { [endpoints[1]]: 503 }],
    ])('keeps out an enquiry taken out mid-send (%s)', async (_, statuses) => {
      const entry = await storeEnquiry(fields, endpoints);
      const held = holdFetch(statuses);
      const sending = sendNew(entry.id);
      await held.posting;
      const withdrawn = removeEntry(entry.id);
      held.release();
      await Promise.all([sending, withdrawn]);
      expect(await listOutbox()).toEqual([]);

      // The same while a flush is sending it.
      const queued = await storeEnquiry(fields, endpoints);
      const again = holdFetch(statuses);
      const flushing = flushOutbox();
      await again.posting;
      const withdrawnToo = removeEntry(queued.id);
      again.release();
      await Promise.all([flushing, withdrawnToo]);
      expect(await listOutbox()).toEqual([]);
    });

    // "Edit and resend": the form asks for the removal at once and fills itself; a resend under
    // the same id, asked for after it, must not be taken out by it.
    it('keeps a resend under the same id asked for after a removal that waited', async () => {
      const entry = await storeEnquiry(fields, endpoints);
      const held = holdFetch({ [endpoints[1]]: 503 });
      const sending = sendNew(entry.id);
      await held.posting;
      const withdrawn = removeEntry(entry.id);
      const resent = storeAndSend(fields, [endpoints[1]], { id: entry.id, stored: async () => {} });
      held.release();
      await Promise.all([sending, withdrawn, resent]);
      expect(await listOutbox()).toMatchObject([{ id: entry.id, pending: [endpoints[1]] }]);
    });

    it('sends the enquiries behind one it cannot read', async () => {
      // As an older version of the site, or a damaged disk, may leave one: no `pending`.
      const broken = { id: 'broken', createdAt: 1, fields: [['name', 'Old']], status: 'queued' };
      await set('broken', { ...broken, attempts: 0 }, rawStore);
      const posted = serve({});
      const entry = await storeEnquiry(fields, endpoints);
      let cleared = false;
      expect(await flushOutbox(() => (cleared = true))).toBe(true);
      expect(posted.map((post) => [post.url, post.body.at(-1)])).toEqual(
        endpoints.map((url) => [url, ['enquiryId', entry.id]]),
      );
      expect(await listOutbox()).toEqual([]);
      // The unreadable one is still there for the person to see: the "waiting" flag stays.
      expect(cleared).toBe(false);
      expect((await readOutbox()).unreadable).toEqual([
        { id: 'broken', createdAt: 1, fields: broken.fields },
      ]);

      // Once the person removes it, nothing is left to show.
      await removeEntry('broken');
      expect(await readOutbox()).toEqual({ entries: [], unreadable: [] });
      expect(await flushOutbox(() => (cleared = true))).toBe(true);
      expect(cleared).toBe(true);
    });

    it('flushes in order, stops when offline, and leaves refused enquiries for the person', async () => {
      serve({ [endpoints[1]]: [422] });
      const refused = await storeEnquiry([['email', 'refused@example.test']], endpoints);
      expect(await sendNew(refused.id)).toEqual({ result: 'failed' });
      const first = await storeEnquiry(fields, endpoints);
      const second = await storeEnquiry(fields, endpoints);

      const posted = serve({ [endpoints[0]]: ['offline'] });
      let cleared = false;
      expect(await flushOutbox(() => (cleared = true))).toBe(false);
      expect(cleared).toBe(false);
      expect(posted.map((post) => post.url)).toEqual([endpoints[0]]);
      expect((await listOutbox()).map((entry) => [entry.id, entry.status])).toEqual([
        [refused.id, 'failed'],
        [first.id, 'queued'],
        [second.id, 'queued'],
      ]);

      serve({});
      expect(await flushOutbox(() => (cleared = true))).toBe(true);
      expect(cleared).toBe(true);
      expect((await listOutbox()).map((entry) => entry.id)).toEqual([refused.id]);
    });
  });
});

describe('the reason in a refusal', () => {
  it('lists field errors, else the error text, else nothing', () => {
    expect(
      refusalReason({
        error: 'Validation errors',
        errors: [
          { field: 'email', message: 'should be an email' },
          { code: 'EMPTY', message: 'empty form' },
        ],
      }),
    ).toBe('email should be an email; empty form');
    expect(refusalReason({ error: ' Form not found ' })).toBe('Form not found');
    expect(refusalReason({ errors: [{ code: 'X' }] })).toBeUndefined();
    expect(refusalReason(null)).toBeUndefined();
    expect(refusalReason('text')).toBeUndefined();
  });
});
