// @vitest-environment jsdom
// Changes to saved codes kept on the device (fake-indexeddb) until the server has them: forgotten
// when confirmed, listed when refused, and those an earlier visit sent looked up on the server.
// The browser's own round trip (a member demoted while offline) is tested end to end.
import 'fake-indexeddb/auto';
import { act, renderHook, waitFor } from '@testing-library/react';
import { clear, createStore, keys, set } from 'idb-keyval';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyContent } from '../../../domain/qr/content';
import { emptyDraft } from '../../../domain/qr/draft';
import { savedFields } from '../../../domain/qr/saved-code';
import type { UnsavedChange } from '../../../domain/qr/unsaved-change';
import type { Firestore } from '../../../lib/firestore/firestore-core';
import {
  keepUntilSaved,
  settleLeftovers,
  useRefusedChanges,
  type KeptWrite,
} from './unsaved-changes';

/** The server's copy of each code, as getDocFromServer would read it (a function: a refusal). */
const server = vi.hoisted(() => new Map<string, unknown>());
vi.mock('../../../lib/firestore/firestore-core', () => ({
  doc: (_db: unknown, path: string) => path,
  getDocFromServer: async (path: string) => {
    const held = server.get(path);
    if (typeof held === 'function')
      throw Object.assign(new Error('no'), { code: 'permission-denied' });
    return { exists: () => held !== undefined, data: () => held };
  },
}));

const raw = createStore('kcw-unsaved-changes', 'changes');
const fields = savedFields(
  {
    ...emptyDraft,
    type: 'web',
    content: { ...emptyContent, text: { ...emptyContent.text, websiteUrl: 'https://a.example/' } },
  },
  'Menu',
  { logo: null },
);
const write = (code: string): KeptWrite => ({
  uid: 'anna',
  workspace: 'cafe',
  workspaceName: 'owner@cafe.co.za',
  code,
  name: `Code ${code}`,
  kind: 'change',
  fields,
});

/** A write's promise settled from outside, as the server's answer settles it. */
function answer() {
  let confirm!: () => void;
  let refuse!: (error: Error) => void;
  const promise = new Promise<void>((yes, no) => {
    confirm = yes;
    refuse = no;
  });
  return { promise, confirm, refuse };
}

beforeEach(async () => {
  await clear(raw);
  server.clear();
});

describe('changes kept until the server has them', () => {
  it('forgets a confirmed change, and lists a refused one for its person only', async () => {
    const listed = renderHook(() => useRefusedChanges('anna'));
    const other = renderHook(() => useRefusedChanges('bob'));
    const confirmed = answer();
    const refused = answer();
    keepUntilSaved(write('c1'), confirmed.promise);
    keepUntilSaved(write('c2'), refused.promise);
    await waitFor(async () => expect(await keys(raw)).toHaveLength(2));
    act(() => confirmed.confirm());
    await waitFor(async () => expect(await keys(raw)).toHaveLength(1));
    act(() => refused.refuse(new Error('permission-denied')));
    await waitFor(() => expect(listed.result.current.map((change) => change.code)).toEqual(['c2']));
    expect(listed.result.current[0]).toMatchObject({ state: 'refused', fields, name: 'Code c2' });
    expect(other.result.current).toEqual([]);
  });

  it('settles what an earlier visit sent, once the device’s writes are answered', async () => {
    const earlier = (code: string): UnsavedChange => ({
      ...write(code),
      id: `k-${code}`,
      at: 1,
      state: 'waiting',
      page: 'an earlier page',
    });
    for (const code of ['held', 'lost', 'gone', 'deleted'])
      await set(`k-${code}`, earlier(code), raw);
    server.set('users/cafe/codes/held', { ...fields, updatedBy: 'anna' });
    server.set('users/cafe/codes/lost', { ...fields, name: 'Someone else’s' });
    server.set('users/cafe/codes/gone', () => 'refused: the member was removed');
    let answered!: () => void;
    const settled = settleLeftovers(
      {} as Firestore,
      'anna',
      new Promise((yes) => (answered = yes)),
    );
    // Nothing is decided before the server has answered this device's writes.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await keys(raw)).sort()).toEqual(['k-deleted', 'k-gone', 'k-held', 'k-lost']);
    server.set('users/cafe/codes/deleted', undefined);
    answered();
    await settled;
    const listed = renderHook(() => useRefusedChanges('anna'));
    await waitFor(() =>
      expect(listed.result.current.map((change) => change.code).sort()).toEqual([
        'deleted',
        'gone',
        'lost',
      ]),
    );
    expect(await keys(raw)).not.toContain('k-held');
  });
});
