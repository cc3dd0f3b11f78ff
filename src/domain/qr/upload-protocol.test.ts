import { describe, expect, it } from 'vitest';
import type { ProblemRule } from '../api';
import { fileKinds } from './files';
import {
  CHUNK_BYTES,
  HOSTING_QUOTA_BYTES,
  filesApi,
  type UploadAnswer,
  type UploadProblem,
} from './hosting';
import {
  cursorAt,
  FIRST_RETRY_MS,
  MAX_RETRY_MS,
  MAX_STALLS,
  nextStep,
  planAppend,
  planBegin,
  planCheck,
  planVerdict,
  retryWait,
  STALLED_MESSAGE,
  type ClientStep,
  type UploadCursor,
  type UploadRecord,
} from './upload-protocol';

const C = CHUNK_BYTES;
const MB = 1024 * 1024;
const SHA = 'a'.repeat(64);

/** An upload of a 3-chunk-and-a-bit PDF, as the server holds it. */
const record = (over: Partial<UploadRecord> = {}): UploadRecord => ({
  name: 'menu.pdf',
  size: 3 * C + 100,
  kind: 'pdf',
  type: null,
  received: 0,
  complete: false,
  ...over,
});

const start = (over: Partial<Parameters<typeof planBegin>[1]> = {}) => ({
  name: 'menu.pdf',
  size: 3 * C + 100,
  kind: 'pdf' as const,
  ...over,
});

/** `length` bytes that open as a PDF. */
function pdfBytes(length: number) {
  const bytes = new Uint8Array(length);
  bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
  return bytes;
}

const ok = (received: number, complete: boolean): UploadAnswer => ({
  ok: true,
  received,
  complete,
});

describe('planBegin: what a start finds', () => {
  it('nothing held: a new upload from nothing, its size reserved against the quota', () => {
    expect(planBegin(null, start(), 0)).toEqual({
      write: { does: 'create', reserve: 3 * C + 100 },
      then: ok(0, false),
    });
  });

  it('part of it held: go on from where it ends, writing nothing', () => {
    expect(planBegin(record({ received: 2 * C, type: 'application/pdf' }), start(), 0)).toEqual({
      write: null,
      then: ok(2 * C, false),
    });
  });

  it('the same bytes started for a field of another kind: the upload takes that kind', () => {
    const held = record({ received: C, type: 'application/pdf' });
    expect(planBegin(held, start({ kind: 'menu' }), 0)).toEqual({
      write: { does: 'set-kind', kind: 'menu' },
      then: ok(C, false),
    });
  });

  it('every byte in but never checked (the server was stopped): the check is due', () => {
    const held = record({ received: 3 * C + 100, type: 'application/pdf' });
    expect(planBegin(held, start(), 0)).toEqual({ write: null, then: 'check' });
    expect(planBegin(held, start({ kind: 'menu' }), 0)).toEqual({
      write: { does: 'set-kind', kind: 'menu' },
      then: 'check',
    });
  });

  it('held whole already: complete at once, whatever size or kind the start names', () => {
    const held = record({ received: 3 * C + 100, type: 'application/pdf', complete: true });
    expect(planBegin(held, start(), 0)).toEqual({ write: null, then: ok(3 * C + 100, true) });
    expect(planBegin(held, start({ size: 25 * MB, kind: 'menu' }), HOSTING_QUOTA_BYTES)).toEqual({
      write: null,
      then: ok(3 * C + 100, true),
    });
  });

  it('over the kind’s limit: too-large, said in MB ("just over" when the MB round down)', () => {
    expect(planBegin(null, start({ size: 25 * MB }), 0)).toEqual({
      write: null,
      then: {
        ok: false,
        problem: 'too-large',
        message: '"menu.pdf" is 25 MB; the limit for a PDF is 20 MB. Please choose a smaller file.',
      },
    });
    expect(planBegin(null, start({ size: 20 * MB + 1 }), 0).then).toMatchObject({
      problem: 'too-large',
      message:
        '"menu.pdf" is just over 20 MB; the limit for a PDF is 20 MB. Please choose a smaller file.',
    });
    expect(planBegin(null, start({ size: fileKinds.pdf.maxBytes }), 0).then).toEqual(ok(0, false));
  });

  it('a file held whole is judged by its own size against the new kind', () => {
    const held = record({ size: 15 * MB, received: 15 * MB, type: 'image/png', complete: true });
    expect(planBegin(held, start({ size: 1, kind: 'image' }), 0).then).toMatchObject({
      problem: 'too-large',
      message:
        '"menu.pdf" is 15 MB; the limit for an image is 10 MB. Please choose a smaller file.',
    });
  });

  it('bytes already in that the kind does not take: wrong-content, nothing written', () => {
    const held = record({ received: C, type: 'image/png' });
    expect(planBegin(held, start(), 0)).toEqual({
      write: null,
      then: {
        ok: false,
        problem: 'wrong-content',
        message: '"menu.pdf" is not a PDF: its content is a PNG image. Please choose a PDF.',
      },
    });
    expect(planBegin(held, start({ kind: 'menu' }), 0).then).toEqual(ok(C, false));
  });

  it('past the account’s quota: refused with what is left; up to it exactly is taken', () => {
    const size = 3 * C + 100;
    expect(planBegin(null, start(), HOSTING_QUOTA_BYTES - size).then).toEqual(ok(0, false));
    expect(planBegin(null, start(), HOSTING_QUOTA_BYTES - size + 1)).toEqual({
      write: null,
      then: {
        ok: false,
        problem: 'quota',
        message:
          'There is no room for "menu.pdf" (2.3 MB): your files may take 1 GB in all, and 2.3 MB is left. ' +
          'Delete codes with files you no longer need, or choose a smaller file.',
      },
    });
  });

  it('begun with another size: starts again from nothing, the quota holding the difference', () => {
    const held = record({ size: 2 * C, received: C, type: 'application/pdf' });
    expect(planBegin(held, start(), 0)).toEqual({
      write: { does: 'create', reserve: 3 * C + 100 - 2 * C },
      then: ok(0, false),
    });
    // Smaller: bytes go back, and no quota can refuse that.
    expect(planBegin(held, start({ size: C }), HOSTING_QUOTA_BYTES)).toEqual({
      write: { does: 'create', reserve: -C },
      then: ok(0, false),
    });
    expect(planBegin(held, start(), HOSTING_QUOTA_BYTES).then).toMatchObject({
      problem: 'quota',
    });
  });
});

describe('planAppend: what a chunk does', () => {
  it('no upload of that file: bad-request, start it first', () => {
    expect(planAppend(null, 0, pdfBytes(C))).toEqual({
      write: null,
      then: {
        ok: false,
        problem: 'bad-request',
        message: 'There is no upload of this file: start it first (POST /api/files).',
      },
    });
  });

  it('the first chunk of a PDF: kept as chunk 0, its type found in its bytes', () => {
    expect(planAppend(record(), 0, pdfBytes(C))).toEqual({
      write: { does: 'add', index: 0, type: 'application/pdf', received: C },
      then: ok(C, false),
    });
  });

  it('a later chunk keeps the type the first one found (its bytes are not sniffed)', () => {
    const held = record({ received: 2 * C, type: 'application/pdf' });
    expect(planAppend(held, 2 * C, new Uint8Array(C))).toEqual({
      write: { does: 'add', index: 2, type: 'application/pdf', received: 3 * C },
      then: ok(3 * C, false),
    });
  });

  it('the last chunk, shorter: kept, and the whole file goes to its check', () => {
    const held = record({ received: 3 * C, type: 'application/pdf' });
    expect(planAppend(held, 3 * C, new Uint8Array(100))).toEqual({
      write: { does: 'add', index: 3, type: 'application/pdf', received: 3 * C + 100 },
      then: 'check',
    });
    const single = record({ size: 10 });
    expect(planAppend(single, 0, pdfBytes(10))).toEqual({
      write: { does: 'add', index: 0, type: 'application/pdf', received: 10 },
      then: 'check',
    });
  });

  it('not where the held bytes end: offset, with where they end', () => {
    const held = record({ received: C, type: 'application/pdf' });
    for (const offset of [0, 2 * C, C + 1]) {
      expect(planAppend(held, offset, new Uint8Array(C))).toEqual({
        write: null,
        then: {
          ok: false,
          problem: 'offset',
          message: 'The server holds the first 786432 bytes of "menu.pdf": go on from there.',
          received: C,
        },
      });
    }
  });

  it('shorter than a chunk before the last, or past the size: bad-request, nothing kept', () => {
    expect(planAppend(record(), 0, pdfBytes(10))).toEqual({
      write: null,
      then: {
        ok: false,
        problem: 'bad-request',
        message: 'The chunk at 0 of "menu.pdf" is 786432 bytes, not 10.',
      },
    });
    const last = record({ received: 3 * C, type: 'application/pdf' });
    expect(planAppend(last, 3 * C, new Uint8Array(101)).then).toEqual({
      ok: false,
      problem: 'bad-request',
      message: 'That is 101 bytes, more than the 100 left of "menu.pdf".',
    });
    expect(planAppend(last, 3 * C, new Uint8Array(99)).then).toEqual({
      ok: false,
      problem: 'bad-request',
      message: 'The chunk at 2359296 of "menu.pdf" is 100 bytes, not 99.',
    });
    expect(planAppend(record(), 0, pdfBytes(C + 1)).then).toMatchObject({
      problem: 'bad-request',
    });
  });

  it('a first chunk the kind does not take: the upload is dropped and its bytes given back', () => {
    const png = new Uint8Array(C);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(planAppend(record(), 0, png)).toEqual({
      write: { does: 'drop', release: 3 * C + 100 },
      then: {
        ok: false,
        problem: 'wrong-content',
        message: '"menu.pdf" is not a PDF: its content is a PNG image. Please choose a PDF.',
      },
    });
    // Bytes of no format known here are not taken either.
    expect(planAppend(record(), 0, new Uint8Array(C))).toEqual({
      write: { does: 'drop', release: 3 * C + 100 },
      then: {
        ok: false,
        problem: 'wrong-content',
        message:
          '"menu.pdf" is not a PDF: its content is not of a kind we recognise. Please choose a PDF.',
      },
    });
  });

  it('held whole: complete; every byte in but unchecked: the check is due', () => {
    const whole = record({ received: 3 * C + 100, type: 'application/pdf', complete: true });
    expect(planAppend(whole, 0, pdfBytes(C))).toEqual({
      write: null,
      then: ok(3 * C + 100, true),
    });
    expect(planAppend({ ...whole, complete: false }, 3 * C + 100, new Uint8Array(1))).toEqual({
      write: null,
      then: 'check',
    });
  });
});

describe('planCheck and planVerdict: the whole file’s hash', () => {
  it('checks only an upload with every byte in and not yet complete', () => {
    const allIn = record({ received: 3 * C + 100, type: 'application/pdf' });
    expect(planCheck(allIn)).toEqual({ hash: allIn });
    expect(planCheck(null)).toEqual({
      then: {
        ok: false,
        problem: 'bad-request',
        message: 'There is no upload of this file: start it first (POST /api/files).',
      },
    });
    expect(planCheck({ ...allIn, complete: true })).toEqual({ then: ok(3 * C + 100, true) });
    // Another request emptied it meanwhile (a wrong hash), or it is not all in.
    expect(planCheck({ ...allIn, received: 0 })).toEqual({ then: ok(0, false) });
  });

  it('the hash it is known by makes it complete; any other, or a chunk missing, starts it over', () => {
    const allIn = record({ received: 3 * C + 100, type: 'application/pdf' });
    expect(planVerdict(allIn, SHA, SHA)).toEqual({
      write: { does: 'complete' },
      then: ok(3 * C + 100, true),
    });
    const mismatch = {
      write: { does: 'restart' },
      then: {
        ok: false,
        problem: 'hash-mismatch',
        message:
          '"menu.pdf" did not arrive as it was sent (its SHA-256 is not the one given): send it again from the start.',
        received: 0,
      },
    };
    expect(planVerdict(allIn, SHA, 'b'.repeat(64))).toEqual(mismatch);
    expect(planVerdict(allIn, SHA, null)).toEqual(mismatch);
  });
});

describe('nextStep: what the page does with an answer', () => {
  const size = 3 * C + 100;
  const fresh = cursorAt(size, 0);
  /** The cursor after the page sent the chunk at `from` (the answer to come is to it). */
  const afterChunk = (from: number): UploadCursor => ({
    ...cursorAt(size, from),
    from,
    chunk: true,
  });
  const step = (cursor: UploadCursor, answer: UploadAnswer) => nextStep(cursor, answer).step;

  it('a start answered: send the chunk from where the server’s copy ends', () => {
    expect(nextStep(fresh, ok(0, false))).toEqual({
      step: { does: 'send', from: 0, to: C },
      cursor: { size, received: 0, from: 0, stalls: 0, chunk: true },
      connected: false,
    });
    expect(step(fresh, ok(2 * C, false))).toEqual({ does: 'send', from: 2 * C, to: 3 * C });
  });

  it('a chunk taken: the next one (the last one short), and the connection works', () => {
    expect(nextStep(afterChunk(0), ok(C, false))).toMatchObject({
      step: { does: 'send', from: C, to: 2 * C },
      connected: true,
    });
    expect(step(afterChunk(2 * C), ok(3 * C, false))).toEqual({
      does: 'send',
      from: 3 * C,
      to: size,
    });
  });

  it('complete: done, holding the whole file', () => {
    expect(nextStep(afterChunk(3 * C), ok(size, true))).toEqual({
      step: { does: 'done' },
      cursor: { ...afterChunk(3 * C), received: size },
      connected: true,
    });
    expect(nextStep(fresh, ok(size, true))).toMatchObject({
      step: { does: 'done' },
      connected: false,
    });
  });

  it('every byte there but not complete: ask again with a start', () => {
    expect(nextStep(afterChunk(3 * C), ok(size, false))).toEqual({
      step: { does: 'ask' },
      cursor: { size, received: size, from: size, stalls: 0, chunk: false },
      connected: true,
    });
  });

  it('a server that says it holds more than the file is taken at the file’s size', () => {
    expect(nextStep(fresh, ok(size + 5, false)).cursor.received).toBe(size);
  });

  it('offset with where the server’s copy ends: go on from there', () => {
    const answer: UploadAnswer = { ok: false, problem: 'offset', message: 'x', received: 2 * C };
    expect(nextStep(afterChunk(C), answer)).toEqual({
      step: { does: 'send', from: 2 * C, to: 3 * C },
      cursor: { size, received: 2 * C, from: 2 * C, stalls: 0, chunk: true },
      connected: false,
    });
  });

  it('offset that does not say where: wait, as for a busy server', () => {
    expect(nextStep(afterChunk(C), { ok: false, problem: 'offset', message: 'Where?' })).toEqual({
      step: { does: 'wait', message: 'Where?' },
      cursor: afterChunk(C),
      connected: false,
    });
  });

  it('every problem of the table: a final one stops with the server’s words, any other waits', () => {
    const problems = Object.entries(filesApi.problems) as [UploadProblem, ProblemRule][];
    expect(problems.length).toBeGreaterThan(5);
    for (const [problem, { retry }] of problems) {
      const message = `Said: ${problem}.`;
      const expected: ClientStep = retry
        ? { does: 'wait', message }
        : ({ does: 'stop', problem, message } as ClientStep);
      expect(nextStep(afterChunk(C), { ok: false, problem, message })).toEqual({
        step: expected,
        cursor: afterChunk(C),
        connected: false,
      });
    }
  });

  it(`${MAX_STALLS} answers in a row that move nothing forward: wait rather than spin`, () => {
    const stuck: UploadAnswer = { ok: false, problem: 'offset', message: 'x', received: C };
    let cursor = afterChunk(0);
    const steps: ClientStep['does'][] = [];
    for (let turn = 0; turn < 1 + MAX_STALLS; turn += 1) {
      const next = nextStep(cursor, stuck);
      steps.push(next.step.does);
      cursor = next.cursor;
    }
    expect(steps).toEqual(['send', 'send', 'send', 'wait']);
    expect(nextStep(afterChunk(C), stuck).step).toEqual({ does: 'send', from: C, to: 2 * C });
    const stalled = { ...afterChunk(C), stalls: MAX_STALLS - 1 };
    expect(step(stalled, stuck)).toEqual({ does: 'wait', message: STALLED_MESSAGE });
    // Moving forward starts the count again.
    expect(nextStep(stalled, ok(2 * C, false)).cursor.stalls).toBe(0);
  });

  it('a server that keeps answering "all there, not complete" is asked at most so often', () => {
    let cursor = afterChunk(3 * C);
    const steps: ClientStep['does'][] = [];
    for (let turn = 0; turn < 2 + MAX_STALLS; turn += 1) {
      const next = nextStep(cursor, ok(size, false));
      steps.push(next.step.does);
      cursor = next.cursor;
    }
    expect(steps).toEqual(['ask', 'ask', 'ask', 'wait', 'wait']);
  });

  it('waits 2 s before the first try again, doubling up to a minute', () => {
    const waits: number[] = [];
    let wait = 0;
    for (let turn = 0; turn < 7; turn += 1) waits.push((wait = retryWait(wait)));
    expect(waits).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000]);
    expect([FIRST_RETRY_MS, MAX_RETRY_MS]).toEqual([2_000, 60_000]);
  });
});

describe('both ends together', () => {
  it.each([10, C - 1, C, C + 1, 3 * C + 100])(
    'a file of %i bytes: the page’s chunks are the ones the server takes, to complete',
    (size) => {
      const file = pdfBytes(size);
      let held: UploadRecord | null = null;
      const server = (then: UploadAnswer | 'check'): UploadAnswer => {
        if (then !== 'check') return then;
        const check = planCheck(held);
        if ('then' in check) return check.then;
        held = { ...check.hash, complete: true };
        return planVerdict(check.hash, SHA, SHA).then;
      };
      const begin = planBegin(held, start({ size }), 0);
      if (begin.write?.does === 'create') held = record({ size });
      let next = nextStep(cursorAt(size, 0), server(begin.then));
      const sent: number[] = [];
      while (next.step.does === 'send') {
        const { from, to } = next.step;
        sent.push(from);
        const append = planAppend(held, from, file.subarray(from, to));
        if (held && append.write?.does === 'add') {
          held = { ...held, type: append.write.type, received: append.write.received };
        }
        next = nextStep(next.cursor, server(append.then));
      }
      expect(next.step).toEqual({ does: 'done' });
      expect(sent).toEqual(Array.from({ length: Math.ceil(size / C) }, (_, index) => index * C));
      expect(held).toMatchObject({ received: size, complete: true });
    },
  );
});
