// The drafts are kept in src/lib/local-store.ts's store: an IndexedDB store of their own (and its
// own guard of failures) fails here.
import { describe, expect, it } from 'vitest';
import { code } from '../../../lib/outbox/testing';
import draftsSource from './draft-storage.ts?raw';

describe('the drafts', () => {
  it('are kept in the store helper', () => {
    expect(draftsSource).toContain('localStore(');
    expect(code(draftsSource)).not.toContain('idb-keyval');
  });
});
