// The outbox, its delivery loop, the retry schedule and the IndexedDB store are each written once
// (create-outbox.ts, delivery-loop.ts, src/lib/retry.ts, src/lib/local-store.ts). The outboxes
// say only what is theirs: a store, a lock, a timer, a doubling or an 'online' listener written
// again in one of them fails here (the mail outbox, the uploader and the drafts are held to it
// beside them, as lib imports no feature: mail-outbox-shape.test.ts, uploader-retry.test.ts,
// draft-store.test.ts).
import { describe, expect, it } from 'vitest';
import deliverySource from './delivery.ts?raw';
import enquirySource from './outbox.ts?raw';
import { code, theirs } from './testing';

describe('one outbox, one loop, one retry, one store', () => {
  it.each([
    ['the enquiry outbox', enquirySource, [/createOutbox(<[^>]*>)?\(/]],
    ['the enquiries’ delivery', deliverySource, [/deliveryLoop\(/]],
  ])('%s is an instance, and keeps no store, lock, timer or loop of its own', (_, source, uses) => {
    for (const call of uses) expect(source).toMatch(call);
    for (const copy of theirs) expect(code(source)).not.toContain(copy);
  });
});
