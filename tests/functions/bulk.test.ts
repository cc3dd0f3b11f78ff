// POST /api/bulk (functions/src/bulk-api.ts) over real HTTP against the Firestore and Auth
// emulators: a chunk of a sheet's rows becomes saved codes and the workspace's count moves with
// them; a chunk sent again writes nothing twice; a sheet uploaded again updates only the rows that
// changed; dynamic rows get their links by the rule single codes follow. And every way in that
// should be shut is tried: no token, an unverified address, a viewer, a removed member, an editor
// kept to their own codes, a batch over the standing's limit, an ended trial, a full workspace, a
// forged row, a type a sheet cannot make, too many rows in a chunk.
import { describe, expect, it } from 'vitest';
import { Timestamp } from '../../functions/src/admin';
import { BULK_API_PATH, BULK_CHUNK_ROWS, type BulkAnswer } from '../../src/domain/bulk/bulk-api';
import { keyedCodeId, newBatchId } from '../../src/domain/bulk/ids';
import { BULK_ROWS } from '../../src/domain/bulk/limits';
import { TRIAL_DAYS } from '../../src/domain/billing';
import { defaultDesign } from '../../src/domain/qr/design';
import { SAVED_CODES_MAX } from '../../src/domain/qr/saved-code';
import { accountPath } from '../../src/domain/records/accounts';
import { codePath, codesPath, readCode, userPath } from '../../src/domain/records/codes';
import { historyPath } from '../../src/domain/records/history';
import { LINKS, linkPath } from '../../src/domain/records/links';
import { memberFields, memberPath } from '../../src/domain/records/members';
import type { RoleId } from '../../src/domain/team';
import { idToken, uniqueUser, useFunctions } from './servers';

const under = useFunctions();

/** The default design as a request sends it: the logo travels apart. */
const design = Object.fromEntries(Object.entries(defaultDesign).filter(([key]) => key !== 'logo'));
const DAY = 86_400_000;

/** A workspace signed up in Auth; `paid`: with a plan paid for a month ahead. */
async function newWorkspace({ paid = false, trialEnded = false } = {}) {
  const workspace = uniqueUser('shop');
  await idToken(workspace);
  if (paid || trialEnded) {
    await under.db.doc(accountPath(workspace)).set(
      {
        terms: {
          trialStartedAt: Timestamp.fromMillis(Date.now() - (TRIAL_DAYS + 1) * DAY),
          ...(paid
            ? { planId: 'monthly', paidUntil: Timestamp.fromMillis(Date.now() + 30 * DAY) }
            : {}),
        },
      },
      { merge: true },
    );
  }
  return workspace;
}

const join = (workspace: string, uid: string, role: RoleId, ownCodesOnly = false) =>
  under.db
    .doc(memberPath(workspace, uid))
    .set(memberFields(workspace, uid, role, `${uid}@kcw.example`, Timestamp.now(), ownCodesOnly));

type Row = { row: number; values: Record<string, string> };

/** Website rows leading to example.co.za/<n>, named "Table <n>", each keyed `t<n>` when `keyed`. */
const tables = (from: number, to: number, { keyed = true, host = 'example.co.za' } = {}): Row[] =>
  Array.from({ length: to - from }, (_, index) => {
    const n = from + index;
    return {
      row: n,
      values: {
        ...(keyed ? { id: `t${n}` } : {}),
        name: `Table ${n}`,
        websiteUrl: `https://${host}/menu/${n}`,
      },
    };
  });

/** POST /api/bulk as the page sends a chunk. */
async function send(
  uid: string,
  body: Record<string, unknown>,
  { verified = true, raw }: { verified?: boolean; raw?: string } = {},
): Promise<{ status: number; answer: BulkAnswer }> {
  const token = await idToken(uid, { verified });
  const response = await fetch(`${under.origin}${BULK_API_PATH}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: raw ?? JSON.stringify(body),
  });
  return { status: response.status, answer: (await response.json()) as BulkAnswer };
}

const chunk = (rows: Row[], extra: Record<string, unknown> = {}) => ({
  batch: newBatchId((bytes) => crypto.getRandomValues(bytes)),
  total: Math.max(...rows.map((row) => row.row)) + 1,
  type: 'web',
  dynamic: false,
  design,
  logo: null,
  rows,
  ...extra,
});

const codeCount = async (workspace: string) =>
  ((await under.db.doc(userPath(workspace)).get()).get('codeCount') as number | undefined) ?? 0;

const storedCode = async (workspace: string, id: string) =>
  readCode(id, (await under.db.doc(codePath(workspace, id)).get()).data());

const outcomes = (answer: BulkAnswer) => (answer.ok ? answer.rows.map((row) => row.outcome) : []);

describe('a chunk of rows', () => {
  it('makes a code of each row, moves the count with them, and writes nothing twice when sent again', async () => {
    const shop = await newWorkspace();
    const body = chunk(tables(0, 3));
    const first = await send(shop, body);
    expect(first.status).toBe(200);
    expect(outcomes(first.answer)).toEqual(['created', 'created', 'created']);
    expect(await codeCount(shop)).toBe(3);
    const code = await storedCode(shop, keyedCodeId('t1'));
    expect(code).toMatchObject({
      type: 'web',
      name: 'Table 1',
      dynamic: false,
      createdBy: shop,
      content: { text: { websiteUrl: 'https://example.co.za/menu/1' } },
    });

    // The answer was lost on a cut connection: the page sends the same chunk again.
    const again = await send(shop, body);
    expect(outcomes(again.answer)).toEqual(['unchanged', 'unchanged', 'unchanged']);
    expect(await codeCount(shop)).toBe(3);
    expect((await under.db.collection(codesPath(shop)).get()).size).toBe(3);
  });

  it('a sheet uploaded again updates the rows that changed, by their ids, and creates none', async () => {
    const shop = await newWorkspace();
    await send(shop, chunk(tables(0, 4)));
    const changed = tables(0, 4);
    changed[2]!.values.websiteUrl = 'https://example.co.za/new-menu';
    const { answer } = await send(shop, chunk(changed)); // another batch: the ids hold the codes
    expect(outcomes(answer)).toEqual(['unchanged', 'unchanged', 'updated', 'unchanged']);
    expect(await codeCount(shop)).toBe(4);
    expect((await storedCode(shop, keyedCodeId('t2')))?.content.text.websiteUrl).toBe(
      'https://example.co.za/new-menu',
    );
  });

  it('refuses a bad row in words, and writes the others', async () => {
    const shop = await newWorkspace();
    const rows = tables(0, 3);
    rows[1]!.values.websiteUrl = 'javascript:alert(1)';
    rows[2]!.values.name = 'x'.repeat(101); // the content form's limit of a name
    const { status, answer } = await send(shop, chunk(rows));
    expect(status).toBe(200);
    expect(outcomes(answer)).toEqual(['created', 'refused', 'refused']);
    expect(answer.ok && answer.rows[1]!.message).toMatch(/web address/i);
    expect(answer.ok && answer.rows[2]!.message).toMatch(/100/);
    expect(await codeCount(shop)).toBe(1);
    expect(await storedCode(shop, keyedCodeId('t2'))).toBeNull();
  });

  it('gives dynamic rows their short links, with a history entry each, and points one elsewhere on re-upload', async () => {
    const shop = await newWorkspace({ paid: true });
    const { answer } = await send(shop, chunk(tables(0, 3), { dynamic: true }));
    expect(outcomes(answer)).toEqual(['created', 'created', 'created']);
    const links = answer.ok ? answer.rows.map((row) => row.link) : [];
    expect(links.every((link) => typeof link === 'string')).toBe(true);
    const link = (await under.db.doc(linkPath(links[0]!)).get()).data();
    expect(link).toMatchObject({
      owner: shop,
      code: keyedCodeId('t0'),
      target: 'https://example.co.za/menu/0',
    });
    expect((await under.db.collection(historyPath(shop)).get()).size).toBe(3);

    const changed = tables(0, 3);
    changed[0]!.values.websiteUrl = 'https://example.co.za/winter-menu';
    const second = await send(shop, chunk(changed, { dynamic: true }));
    expect(outcomes(second.answer)).toEqual(['updated', 'unchanged', 'unchanged']);
    expect(second.answer.ok && second.answer.rows[0]!.link).toBe(links[0]);
    expect((await under.db.doc(linkPath(links[0]!)).get()).get('target')).toBe(
      'https://example.co.za/winter-menu',
    );
    expect((await under.db.collection(historyPath(shop)).get()).size).toBe(4);
    const made = await under.db.collection(LINKS).where('owner', '==', shop).get();
    expect(made.size).toBe(3);
  });

  it('holds a dynamic row to the blocklist, as one code is held', async () => {
    const shop = await newWorkspace({ paid: true });
    const { answer } = await send(
      shop,
      chunk(tables(0, 1, { host: 'testsafebrowsing.appspot.com' }), { dynamic: true }),
    );
    expect(outcomes(answer)).toEqual(['refused']);
    expect(answer.ok && answer.rows[0]!.message).toMatch(/harmful or abused/);
  });
});

describe('who and what is refused', () => {
  it('dynamic codes from an unverified address: 403, nothing written', async () => {
    const shop = uniqueUser('unverified');
    await idToken(shop, { verified: false });
    const { status, answer } = await send(shop, chunk(tables(0, 2), { dynamic: true }), {
      verified: false,
    });
    expect(status).toBe(403);
    expect(answer).toMatchObject({ ok: false, problem: 'unverified' });
    expect(await codeCount(shop)).toBe(0);
  });

  it('a viewer, a removed member and a stranger naming the workspace: 403, nothing written', async () => {
    const shop = await newWorkspace();
    const viewer = uniqueUser('viewer');
    const removed = uniqueUser('removed');
    const stranger = uniqueUser('stranger');
    await join(shop, viewer, 'viewer');
    await join(shop, removed, 'editor');
    await under.db.doc(memberPath(shop, removed)).delete();
    for (const uid of [viewer, removed, stranger]) {
      const { status, answer } = await send(uid, chunk(tables(0, 1), { workspace: shop }));
      expect(status).toBe(403);
      expect(answer).toMatchObject({ ok: false, problem: 'not-allowed' });
    }
    expect(await codeCount(shop)).toBe(0);
  });

  it('an editor kept to their own codes makes new ones, and cannot update another’s through its id', async () => {
    const shop = await newWorkspace();
    await send(shop, chunk(tables(0, 1)));
    const editor = uniqueUser('editor');
    await join(shop, editor, 'editor', true);
    const rows = [...tables(0, 1), ...tables(1, 2)];
    rows[0]!.values.websiteUrl = 'https://example.co.za/elsewhere';
    const { answer } = await send(editor, chunk(rows, { workspace: shop }));
    expect(outcomes(answer)).toEqual(['refused', 'created']);
    expect((await storedCode(shop, keyedCodeId('t0')))?.content.text.websiteUrl).toBe(
      'https://example.co.za/menu/0',
    );
    expect((await storedCode(shop, keyedCodeId('t1')))?.createdBy).toBe(editor);
  });

  it('a batch larger than the trial allows: 413; an ended trial: 402', async () => {
    const trial = await newWorkspace();
    const over = await send(trial, chunk(tables(0, 1), { total: BULK_ROWS.trial + 1 }));
    expect(over.status).toBe(413);
    expect(over.answer).toMatchObject({ ok: false, problem: 'too-many-rows' });
    const ended = await newWorkspace({ trialEnded: true });
    const late = await send(ended, chunk(tables(0, 1)));
    expect(late.status).toBe(402);
    expect(await codeCount(trial)).toBe(0);
    expect(await codeCount(ended)).toBe(0);
  });

  it('a chunk that would take the workspace past the codes it may keep: 409, nothing written', async () => {
    const shop = await newWorkspace();
    await under.db.doc(userPath(shop)).set({ codeCount: SAVED_CODES_MAX - 1, changed: 'x' });
    const { status, answer } = await send(shop, chunk(tables(0, 2)));
    expect(status).toBe(409);
    expect(answer).toMatchObject({ ok: false, problem: 'too-many-codes' });
    expect(await codeCount(shop)).toBe(SAVED_CODES_MAX - 1);
  });

  it('a type a sheet cannot make, too many rows, a row past the total, a body that is no chunk: 400', async () => {
    const shop = await newWorkspace();
    const refusals = [
      chunk(tables(0, 1), { type: 'pdf' }),
      chunk(tables(0, BULK_CHUNK_ROWS + 1)),
      chunk(tables(0, 2), { total: 1 }),
      chunk(tables(0, 1), { batch: '../../users/x' }),
      { rows: 'all of them' },
    ];
    for (const body of refusals) {
      const { status, answer } = await send(shop, body);
      expect(status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer).toMatchObject({ ok: false, problem: 'bad-request' });
    }
    const huge = await send(shop, {}, { raw: `{"rows": "${'x'.repeat(1_100_000)}"}` });
    expect(huge.status).toBe(400);
    expect(await codeCount(shop)).toBe(0);
  });
});
