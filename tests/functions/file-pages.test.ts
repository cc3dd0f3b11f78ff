// A hosted file's code through the real handlers: the code is saved naming its file by hash, its
// link waits for the whole file ('file-missing'), the file goes up in chunks (POST and PUT
// /api/files), then the link shows the file's page, which serves the very bytes (ranges too), and
// only that file; deleting the code lets go of the file, and once the sweep has deleted it, Undo
// finds it missing.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { emptyContent, type FileFieldId } from '../../src/domain/qr/content';
import { emptyDraft } from '../../src/domain/qr/draft';
import { CHUNK_BYTES, FILES_API_PATH, hostedFilePath } from '../../src/domain/qr/hosting';
import type { QrTypeId } from '../../src/domain/qr/qr-types';
import { savedFields } from '../../src/domain/qr/saved-code';
import { saveNewCode } from '../../src/features/qr/codes/saved-codes';
import { doc, serverTimestamp, updateDoc } from 'firebase/firestore';
import { sweepUnreferencedFiles, UNREFERENCED_GRACE_MS } from '../../functions/src/file-sweep';
import { countedWrite, useEmulator } from '../rules/emulator';
import { idToken, PHONE, scan, syncRequest, useFunctions } from './servers';

const { asVerified } = useEmulator();
const under = useFunctions();

/** A PDF of `size` bytes whose bytes all differ from one place to the next. */
function pdfBytes(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  let seed = 7;
  for (let index = 0; index < size; index += 1) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    bytes[index] = seed >>> 24;
  }
  bytes.write('%PDF-1.7\n', 0, 'latin1');
  return bytes;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The daily sweep, as it runs once a file has been let go of for longer than the grace period. */
const sweepAfterGrace = () =>
  sweepUnreferencedFiles(under.db, under.files, {
    now: new Date(Date.now() + UNREFERENCED_GRACE_MS + 60_000),
  });

async function call(method: string, path: string, body: BodyInit, json = false) {
  const response = await fetch(`${under.origin}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${await idToken('alice')}`,
      'Content-Type': json ? 'application/json' : 'application/octet-stream',
    },
    body,
  });
  return { status: response.status, answer: (await response.json()) as Record<string, unknown> };
}

/** Uploads `bytes` for the field `field`, chunk by chunk, as the page does. */
async function upload(bytes: Buffer, field: FileFieldId, name: string) {
  const hash = sha256(bytes);
  const start = await call(
    'POST',
    FILES_API_PATH,
    JSON.stringify({ sha256: hash, size: bytes.length, name, field }),
    true,
  );
  expect(start.status).toBe(200);
  for (let offset = Number(start.answer.received); offset < bytes.length; offset += CHUNK_BYTES) {
    const chunk = bytes.subarray(offset, offset + CHUNK_BYTES);
    const sent = await call(
      'PUT',
      `${FILES_API_PATH}/${hash}?offset=${offset}`,
      new Uint8Array(chunk),
    );
    expect(sent.status, JSON.stringify(sent.answer)).toBe(200);
  }
}

/** Alice's dynamic code of `type` naming `bytes` as its file (not uploaded by this). */
async function fileCode(type: QrTypeId, field: FileFieldId, name: string, bytes: Buffer) {
  const file = new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });
  const draft = {
    ...emptyDraft,
    step: 'demo' as const,
    type,
    content: {
      ...emptyContent,
      text: { ...emptyContent.text, qrName: 'Lunch menu' },
      files: { [field]: file },
    },
    dynamic: false,
  };
  const hosted = {
    [field]: { sha256: sha256(bytes), name, size: bytes.length, type: 'application/pdf' },
  };
  const fields = savedFields(draft, 'Lunch menu', { logo: null, hosted });
  // A hosted file's code is always dynamic, whatever the draft's choice said.
  expect(fields.dynamic).toBe(true);
  const { id, written } = saveNewCode(asVerified('alice'), 'alice', 'alice', fields);
  await written;
  return { code: id, fields };
}

describe('a hosted file’s code', () => {
  it('waits for its file, then shows it: the same bytes, whole and in ranges, and nothing else', async () => {
    const bytes = pdfBytes(2 * CHUNK_BYTES + 1000);
    const { code } = await fileCode('menu', 'menuFile', 'lunch.pdf', bytes);

    const early = await syncRequest(under.origin, code, idToken('alice'));
    expect(early.status).toBe(409);
    expect(early.answer).toMatchObject({ ok: false, problem: 'file-missing' });

    await upload(bytes, 'menuFile', 'lunch.pdf');
    const made = await syncRequest(under.origin, code, idToken('alice'));
    expect(made.status).toBe(200);
    if (!made.answer.ok || !made.answer.link) throw new Error(JSON.stringify(made.answer));
    const { id } = made.answer.link;
    expect(made.answer.link.destination).toMatchObject({
      kind: 'page',
      page: { kind: 'file', field: 'menuFile', title: 'Lunch menu' },
    });

    const page = await scan(under.origin, `/q/${id}?qr=1`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(new TextEncoder().encode(html).length).toBeLessThan(20_000);
    const path = hostedFilePath(id, sha256(bytes));
    expect(html).toContain(`href="${path}"`);
    expect(html).toContain('Open the menu');
    expect(html).toContain(`href="${path}?download=1"`);

    const whole = await scan(under.origin, path);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('application/pdf');
    expect(whole.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(sha256(new Uint8Array(await whole.arrayBuffer()))).toBe(sha256(bytes));

    // A player's seek: a range across a chunk's end.
    const ranged = await fetch(`${under.origin}${path}`, {
      headers: { Range: `bytes=${CHUNK_BYTES - 10}-${CHUNK_BYTES + 9}`, 'User-Agent': PHONE },
    });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer())).toEqual(
      bytes.subarray(CHUNK_BYTES - 10, CHUNK_BYTES + 10),
    );

    // Only the file the page shows: another of Alice's files is not served under this link.
    const other = pdfBytes(5000);
    await upload(other, 'pdfFile', 'other.pdf');
    expect((await scan(under.origin, hostedFilePath(id, sha256(other)))).status).toBe(404);
    // A file request is not a scan.
    expect((await scan(under.origin, `/q/${id}/f/${'0'.repeat(64)}`)).status).toBe(404);
  });

  it('lets go of the file when the code is deleted; Undo after the sweep waits for it to be uploaded again', async () => {
    const bytes = pdfBytes(3000);
    const { code, fields } = await fileCode('pdf', 'pdfFile', 'flyer.pdf', bytes);
    await upload(bytes, 'pdfFile', 'flyer.pdf');
    expect((await syncRequest(under.origin, code, idToken('alice'))).status).toBe(200);
    expect(await under.files.stat('alice', sha256(bytes))).toMatchObject({ complete: true });

    const ref = doc(asVerified('alice'), 'users/alice/codes', code);
    await countedWrite(ref, null);
    expect((await syncRequest(under.origin, code, idToken('alice'))).status).toBe(200);
    // Let go of: kept for the grace period (Undo then finds it: file-sweep.test.ts), then swept.
    await sweepAfterGrace();
    expect(await under.files.stat('alice', sha256(bytes))).toBeNull();

    // Undo: the code comes back; its link waits for the file, which the page sends again.
    await countedWrite(ref, {
      ...fields,
      createdAt: serverTimestamp(),
      updatedAt: serverTimestamp(),
    });
    const undone = await syncRequest(under.origin, code, idToken('alice'));
    expect(undone.answer).toMatchObject({ ok: false, problem: 'file-missing' });
    await upload(bytes, 'pdfFile', 'flyer.pdf');
    const back = await syncRequest(under.origin, code, idToken('alice'));
    expect(back.answer).toMatchObject({ ok: true, link: { deleted: false } });
  });

  it('keeps a file another code still shows, and lets go of a file replaced by Edit', async () => {
    const shared = pdfBytes(4000);
    const first = await fileCode('pdf', 'pdfFile', 'shared.pdf', shared);
    const second = await fileCode('menu', 'menuFile', 'shared.pdf', shared);
    await upload(shared, 'pdfFile', 'shared.pdf');
    for (const { code } of [first, second]) {
      expect((await syncRequest(under.origin, code, idToken('alice'))).status).toBe(200);
    }
    await countedWrite(doc(asVerified('alice'), 'users/alice/codes', first.code), null);
    expect((await syncRequest(under.origin, first.code, idToken('alice'))).status).toBe(200);
    // The menu still shows it.
    expect(await under.files.stat('alice', sha256(shared))).toMatchObject({ complete: true });

    // Edit after printing: the menu gets a new file; the same link shows it; the old one goes.
    const replacement = pdfBytes(6000);
    await upload(replacement, 'menuFile', 'winter.pdf');
    const hosted = {
      menuFile: {
        sha256: sha256(replacement),
        name: 'winter.pdf',
        size: replacement.length,
        type: 'application/pdf',
      },
    };
    await updateDoc(doc(asVerified('alice'), 'users/alice/codes', second.code), {
      hosted,
      'content.files': { menuFile: 'winter.pdf' },
      updatedAt: serverTimestamp(),
    });
    const edited = await syncRequest(under.origin, second.code, idToken('alice'));
    if (!edited.answer.ok || !edited.answer.link) throw new Error(JSON.stringify(edited.answer));
    const page = await (await scan(under.origin, `/q/${edited.answer.link.id}`)).text();
    expect(page).toContain(hostedFilePath(edited.answer.link.id, sha256(replacement)));
    await sweepAfterGrace();
    expect(await under.files.stat('alice', sha256(shared))).toBeNull();
    expect(await under.files.stat('alice', sha256(replacement))).toMatchObject({ complete: true });
  });
});
