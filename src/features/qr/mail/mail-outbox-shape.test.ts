// The mail outbox is an outbox of src/lib/outbox/create-outbox.ts delivered on its loop: a store,
// a lock, a timer, a doubling or an 'online' listener of its own fails here.
import { describe, expect, it } from 'vitest';
import { code, theirs } from '../../../lib/outbox/testing';
import mailSource from './mail-outbox.ts?raw';

describe('the mail outbox', () => {
  it('is an outbox and a delivery loop, and keeps no store, lock, timer or loop of its own', () => {
    expect(mailSource).toMatch(/createOutbox(<[^>]*>)?\(/);
    expect(mailSource).toMatch(/deliveryLoop\(/);
    for (const copy of theirs) expect(code(mailSource)).not.toContain(copy);
  });
});
