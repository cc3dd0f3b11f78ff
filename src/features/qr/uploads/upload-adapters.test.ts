// The upload protocol's decisions are made once, in src/domain/qr/upload-protocol.ts; the server's
// store, this room's uploader and the uploader tests' fake server ask it. A decision written again
// in one of them (a sniff, a quota sum, a refusal built by hand, a retry rule) fails here.
import storeSource from '../../../../functions/src/file-store.ts?raw';
import { describe, expect, it } from 'vitest';
import fakeSource from './uploader.test.ts?raw';
import uploaderSource from './uploader.ts?raw';

/** A module's code without its comments (which may well name what it leaves to the protocol). */
const code = (source: string) => source.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');

describe('one copy of the decisions', () => {
  it('the server’s store asks planBegin, planAppend, planCheck and planVerdict, and decides nothing', () => {
    for (const call of ['planBegin(', 'planAppend(', 'planCheck(', 'planVerdict(']) {
      expect(storeSource).toContain(call);
    }
    for (const decision of [
      'sniffType',
      'acceptsType',
      'wrongContentMessage',
      'HOSTING_QUOTA_BYTES',
      'maxBytes',
      "problem: '",
    ]) {
      expect(code(storeSource)).not.toContain(decision);
    }
  });

  it('the page’s uploader asks nextStep and retryWait, and reads no answer itself', () => {
    for (const call of ['nextStep(', 'retryWait(']) expect(uploaderSource).toContain(call);
    for (const decision of ['isFinal', 'answer.ok', '.problem ===', 'CHUNK_BYTES', '_RETRY_MS']) {
      expect(code(uploaderSource)).not.toContain(decision);
    }
  });

  it('the tests’ fake server asks planBegin, planAppend and planVerdict, and builds no offset answer', () => {
    const fake = code(fakeSource.slice(fakeSource.indexOf('class FakeServer')));
    for (const call of ['planBegin(', 'planAppend(', 'planVerdict(']) {
      expect(fake).toContain(call);
    }
    expect(fake).not.toContain("problem: 'offset'");
  });
});
