// Letting go of hosted files (functions/src/file-store.ts "Letting go", file-sweep.ts) through the
// real link API and store: a link that stops showing a file marks it, one that shows it clears
// the mark, and the sweep deletes only files marked for longer than the grace period that no live
// link shows, even when two codes change at once.
import { createHash, randomBytes } from 'node:crypto';
import { doc, serverTimestamp } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { Timestamp } from '../../functions/src/admin';
import type { FileStore } from '../../functions/src/file-store';
import { sweepUnreferencedFiles, UNREFERENCED_GRACE_MS } from '../../functions/src/file-sweep';
import { emptyContent } from '../../src/domain/qr/content';
import { emptyDraft } from '../../src/domain/qr/draft';
import { CHUNK_BYTES, hostedFilePath } from '../../src/domain/qr/hosting';
import { savedFields } from '../../src/domain/qr/saved-code';
import { saveNewCode } from '../../src/features/qr/codes/saved-codes';
import { countedWrite, useEmulator } from '../rules/emulator';
import { idToken, PHONE, syncRequest, useFunctions } from './servers';
import { accountPath } from '../../src/domain/records/accounts';
import { chunksPath, filePath } from '../../src/domain/records/files';

const { asVerified } = useEmulator();

/** Run before the link API deletes a file, once (the moment a clean-up after the fact races). */
let beforeDelete: (() => Promise<void>) | undefined;
const under = useFunctions({
  linkFiles: (files) =>
    new Proxy(files, {
      get(target, name) {
        if (name === 'delete') {
          return async (owner: string, sha256: string) => {
            const hook = beforeDelete;
            beforeDelete = undefined;
            await hook?.();
            return target.delete(owner, sha256);
          };
        }
        const value: unknown = Reflect.get(target, name, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }) as FileStore,
});

const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A PDF of Alice's, held complete by the store (as the upload API leaves it). */
async function heldPdf(size = CHUNK_BYTES + 500) {
  const bytes = randomBytes(size);
  bytes.write('%PDF-1.7\n', 0, 'latin1');
  const sha256 = sha256Of(bytes);
  const start = { sha256, size, name: 'menu.pdf', field: 'pdfFile', kind: 'pdf' } as const;
  expect(await under.files.begin('alice', start)).toMatchObject({ ok: true });
  for (let offset = 0; offset < size; offset += CHUNK_BYTES) {
    const answer = await under.files.append(
      'alice',
      sha256,
      offset,
      bytes.subarray(offset, offset + CHUNK_BYTES),
    );
    expect(answer.ok).toBe(true);
  }
  return { bytes, sha256 };
}

/** Alice's dynamic PDF code showing `file`, saved through the app's store (not synced yet). */
async function pdfCode(file: { bytes: Buffer; sha256: string }, name = 'Menu') {
  const draft = {
    ...emptyDraft,
    step: 'demo' as const,
    type: 'pdf' as const,
    content: {
      ...emptyContent,
      text: { ...emptyContent.text, qrName: name },
      files: { pdfFile: new File([new Uint8Array(file.bytes)], 'menu.pdf') },
    },
    dynamic: true,
  };
  const hosted = {
    pdfFile: {
      sha256: file.sha256,
      name: 'menu.pdf',
      size: file.bytes.length,
      type: 'application/pdf',
    },
  };
  const fields = savedFields(draft, name, { logo: null, hosted });
  const { id, written } = saveNewCode(asVerified('alice'), 'alice', 'alice', fields);
  await written;
  codeFields.set(id, fields);
  return id;
}

/** The fields each code was saved with (for Undo). */
const codeFields = new Map<string, ReturnType<typeof savedFields>>();

/** Syncs Alice's code `code` through POST /api/links; its link's id. */
async function sync(code: string) {
  const { status, answer } = await syncRequest(under.origin, code, idToken('alice'));
  expect(status, JSON.stringify(answer)).toBe(200);
  if (!answer.ok) throw new Error(JSON.stringify(answer));
  return answer.link?.id ?? null;
}

/** Deletes Alice's code as the app does, and syncs it: its link retires. */
async function deleteCode(code: string) {
  await countedWrite(doc(asVerified('alice'), 'users/alice/codes', code), null);
  await sync(code);
}

const fileDocument = async (sha256: string) =>
  (await under.db.doc(filePath('alice', sha256)).get()).data();

const chunksOf = async (sha256: string) =>
  (await under.db.collection(chunksPath('alice', sha256)).get()).size;

const hostedBytes = async () =>
  Number((await under.db.doc(accountPath('alice')).get()).get('hostedBytes') ?? 0);

/** A sweep as the scheduled function runs it, `ms` from now. */
const sweepIn = (ms: number) =>
  sweepUnreferencedFiles(under.db, under.files, { now: new Date(Date.now() + ms) });

describe('letting go of a hosted file', () => {
  it('keeps a file that one code lets go of while another code’s link starts to show it', async () => {
    const file = await heldPdf();
    const first = await pdfCode(file, 'Lunch menu');
    const second = await pdfCode(file, 'Dinner menu');
    expect(await sync(first)).not.toBeNull();
    // The first code is deleted; just as its clean-up would delete the file, the second code's
    // link is made, showing it.
    let secondLink: string | null = null;
    beforeDelete = async () => {
      secondLink = await sync(second);
    };
    await deleteCode(first);
    beforeDelete = undefined;
    secondLink ??= await sync(second);
    // Shown, so not marked; and a sweep long after leaves it.
    expect(await fileDocument(file.sha256)).toMatchObject({ unreferencedAt: null });
    expect(await sweepIn(2 * UNREFERENCED_GRACE_MS)).toMatchObject({ deleted: 0 });
    const served = await fetch(`${under.origin}${hostedFilePath(secondLink!, file.sha256)}`, {
      headers: { 'User-Agent': PHONE },
    });
    expect(served.status).toBe(200);
    expect(sha256Of(Buffer.from(await served.arrayBuffer()))).toBe(file.sha256);
  });

  it('deletes a file no live link shows once the grace period is over, not before', async () => {
    const file = await heldPdf(2 * CHUNK_BYTES + 10);
    const code = await pdfCode(file);
    await sync(code);
    const held = await hostedBytes();
    await deleteCode(code);
    // Marked with the time, and its bytes back in the quota at once.
    const marked = (await fileDocument(file.sha256))?.unreferencedAt;
    expect(marked).toBeInstanceOf(Timestamp);
    expect(await hostedBytes()).toBe(held - file.bytes.length);

    // A day is not over yet: kept.
    expect(await sweepIn(UNREFERENCED_GRACE_MS - 60_000)).toEqual({ deleted: 0, kept: 0 });
    expect(await under.files.stat('alice', file.sha256)).toMatchObject({ complete: true });
    // It is: the file and its chunks go, and the quota is not given back twice.
    expect(await sweepIn(UNREFERENCED_GRACE_MS + 60_000)).toEqual({ deleted: 1, kept: 0 });
    expect(await under.files.stat('alice', file.sha256)).toBeNull();
    expect(await chunksOf(file.sha256)).toBe(0);
    expect(await hostedBytes()).toBe(held - file.bytes.length);
  });

  it('Undo within the grace period finds the file, and holds its bytes again', async () => {
    const file = await heldPdf();
    const code = await pdfCode(file);
    const link = await sync(code);
    const held = await hostedBytes();
    await deleteCode(code);
    expect(await hostedBytes()).toBe(held - file.bytes.length);
    // Undo: the code comes back, and its link shows the file again at once (nothing to upload).
    await countedWrite(doc(asVerified('alice'), 'users/alice/codes', code), {
      ...codeFields.get(code),
      createdAt: serverTimestamp(),
      updatedAt: serverTimestamp(),
    });
    expect(await sync(code)).toBe(link);
    expect(await fileDocument(file.sha256)).toMatchObject({ unreferencedAt: null });
    expect(await hostedBytes()).toBe(held);
    expect(await sweepIn(2 * UNREFERENCED_GRACE_MS)).toEqual({ deleted: 0, kept: 0 });
  });

  it('a sweep keeps a marked file that a live link shows after all, and clears its mark', async () => {
    const file = await heldPdf();
    await sync(await pdfCode(file));
    // As though a mark had outlived the link that showed the file again.
    const before = await hostedBytes();
    await under.db
      .doc(filePath('alice', file.sha256))
      .update({ unreferencedAt: Timestamp.fromMillis(Date.now() - 2 * UNREFERENCED_GRACE_MS) });
    await under.db.doc(accountPath('alice')).update({ hostedBytes: before - file.bytes.length });
    expect(await sweepIn(0)).toEqual({ deleted: 0, kept: 1 });
    expect(await fileDocument(file.sha256)).toMatchObject({ unreferencedAt: null });
    expect(await hostedBytes()).toBe(before);
  });

  it('a file another live code still shows is not marked when one code lets go of it', async () => {
    const file = await heldPdf();
    const first = await pdfCode(file, 'Lunch menu');
    const second = await pdfCode(file, 'Dinner menu');
    await sync(first);
    await sync(second);
    const held = await hostedBytes();
    await deleteCode(first);
    expect(await fileDocument(file.sha256)).toMatchObject({ unreferencedAt: null });
    expect(await hostedBytes()).toBe(held);
    // The last one lets go: now it is.
    await deleteCode(second);
    expect((await fileDocument(file.sha256))?.unreferencedAt).toBeInstanceOf(Timestamp);
  });
});
