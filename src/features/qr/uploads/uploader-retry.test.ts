// The uploader waits on src/lib/retry.ts's timer (on the protocol's schedule): a timer or an
// 'online' listener of its own fails here.
import { describe, expect, it } from 'vitest';
import { code } from '../../../lib/outbox/testing';
import uploaderSource from './uploader.ts?raw';

describe('the uploader', () => {
  it('waits on the retry timer', () => {
    expect(uploaderSource).toContain('new RetryTimer(');
    for (const copy of ['setTimeout', 'clearTimeout', "'online'"]) {
      expect(code(uploaderSource)).not.toContain(copy);
    }
  });
});
