// The outbox, its delivery loop, the retry schedule and the IndexedDB store are each written once
// (create-outbox.ts, delivery-loop.ts, src/lib/retry.ts, src/lib/local-store.ts). The outboxes,
// the uploader and the drafts say only what is theirs: a store, a lock, a timer, a doubling or
// an 'online' listener written again in one of them fails here.
import { describe, expect, it } from 'vitest';
import uploaderSource from '../../features/qr/uploads/uploader.ts?raw';
import draftsSource from '../../features/qr/draft/draft-storage.ts?raw';
import mailSource from '../../features/qr/mail/mail-outbox.ts?raw';
import deliverySource from './delivery.ts?raw';
import enquirySource from './outbox.ts?raw';

/** A module's code without its comments (which may well name what it leaves to the helpers). */
const code = (source: string) => source.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');

/** What only the outbox, its loop, the retry helper and the store helper may write. */
const theirs = [
  'idb-keyval',
  'createStore(',
  'locks',
  'BroadcastChannel',
  'setTimeout',
  'clearTimeout',
  "'online'",
  'visibilitychange',
  '* 2',
  '_RETRY_MS',
  'afterRound(',
];

describe('one outbox, one loop, one retry, one store', () => {
  it.each([
    ['the enquiry outbox', enquirySource, [/createOutbox(<[^>]*>)?\(/]],
    ['the mail outbox', mailSource, [/createOutbox(<[^>]*>)?\(/, /deliveryLoop\(/]],
    ['the enquiries’ delivery', deliverySource, [/deliveryLoop\(/]],
  ])('%s is an instance, and keeps no store, lock, timer or loop of its own', (_, source, uses) => {
    for (const call of uses) expect(source).toMatch(call);
    for (const copy of theirs) expect(code(source)).not.toContain(copy);
  });

  it('the uploader waits on the retry timer', () => {
    expect(uploaderSource).toContain('new RetryTimer(');
    for (const copy of ['setTimeout', 'clearTimeout', "'online'"]) {
      expect(code(uploaderSource)).not.toContain(copy);
    }
  });

  it('the drafts are kept in the store helper', () => {
    expect(draftsSource).toContain('localStore(');
    expect(code(draftsSource)).not.toContain('idb-keyval');
  });
});
