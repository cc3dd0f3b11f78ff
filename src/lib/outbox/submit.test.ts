// @vitest-environment jsdom
// The contact form's send sequence (submit.ts) against an in-memory IndexedDB and a stand-in
// fetch: stored before it is posted, persistent storage asked for when it has to wait, an edited
// enquiry sent only where it is still pending. The outcomes of the send itself are outbox.test.ts's.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushOutbox, listOutbox, removeEntry } from './outbox';
import { submitEnquiry } from './submit';
import { installWebLocks, serve } from './testing';

const endpoints = ['https://forms.test/a', 'https://forms.test/b'];
const fields = [
  ['name', 'Thabo'],
  ['message', 'A gaming PC, please'],
] as const;

let persist: ReturnType<typeof vi.fn>;
let removeLocks = () => {};
beforeEach(async () => {
  // As in every current browser: the page's own delivery and the first send take turns.
  removeLocks = installWebLocks();
  for (const entry of await listOutbox()) await removeEntry(entry.id);
  persist = vi.fn(async () => true);
  // jsdom has no StorageManager.
  Object.defineProperty(navigator, 'storage', { value: { persist }, configurable: true });
});
afterEach(() => {
  removeLocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'storage');
});

describe('submitEnquiry', () => {
  it('stores the enquiry before posting it, then sends it and keeps nothing', async () => {
    const posted = serve({});
    const storedBeforePost: boolean[] = [];
    const outcome = await submitEnquiry(fields, {
      endpoints,
      onStored: (id) =>
        listOutbox().then((entries) => {
          storedBeforePost.push(entries.some((entry) => entry.id === id) && posted.length === 0);
        }),
    });
    expect(outcome).toEqual({ result: 'sent' });
    expect(storedBeforePost).toEqual([true]);
    expect(posted.map((post) => post.url)).toEqual(endpoints);
    expect(await listOutbox()).toEqual([]);
    expect(persist).not.toHaveBeenCalled();
  });

  it.each([
    ['no connection', 'offline', 'queued'],
    ['a failing service', 503, 'trouble'],
  ] as const)('keeps it through %s and asks to keep the storage', async (_, answer, result) => {
    serve({ [endpoints[0]]: [answer] });
    expect(await submitEnquiry(fields, { endpoints })).toEqual({ result });
    expect(await listOutbox()).toMatchObject([{ status: 'queued', pending: endpoints }]);
    expect(persist).toHaveBeenCalledOnce();
  });

  it('sends an edited enquiry only where it is pending, under its own id', async () => {
    const posted = serve({});
    const outcome = await submitEnquiry(fields, {
      endpoints,
      resend: { id: 'enquiry-1', pending: [endpoints[1]] },
    });
    expect(outcome).toEqual({ result: 'sent' });
    expect(posted).toMatchObject([
      { url: endpoints[1], body: expect.arrayContaining([['enquiryId', 'enquiry-1']]) },
    ]);
  });

  it('reports a refusal nobody has, keeping nothing (the form keeps the text)', async () => {
    serve({ [endpoints[0]]: [422] }, { 422: { error: 'email should be an email' } });
    expect(await submitEnquiry(fields, { endpoints })).toEqual({
      result: 'refused',
      reason: 'email should be an email',
    });
    expect(await listOutbox()).toEqual([]);
    expect(persist).not.toHaveBeenCalled();
  });

  // A delivery round asked for as the enquiry is stored (the page's first, or Background Sync,
  // which Chromium fires at once when online) must not post it before the form's own send: a
  // refusal would then reach the form as "failed", without its reason, and the form be cleared.
  it('sends it first itself, whatever delivery round is asked for as it is stored', async () => {
    const posted = serve({ [endpoints[0]]: [422] }, { 422: { error: 'email should be an email' } });
    let flushed: Promise<boolean> | undefined;
    const outcome = await submitEnquiry(fields, {
      endpoints,
      onStored: () => {
        flushed = flushOutbox();
      },
    });
    expect(outcome).toEqual({ result: 'refused', reason: 'email should be an email' });
    expect(await flushed).toBe(true);
    expect(posted.map((post) => post.url)).toEqual([endpoints[0]]);
    expect(await listOutbox()).toEqual([]);
  });
});
