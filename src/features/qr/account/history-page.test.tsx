// @vitest-environment jsdom
// The history page follows the workspace the person works in: owners and admins see its history
// (users/{workspace}/history, newest first, the latest HISTORY_PAGE_SIZE) and their own notice
// choice (users/{workspace}/notices/{uid}); the other roles are told plainly that it is not theirs
// to read, and nothing is asked of Firestore for them (the rules would refuse it). The filters read
// the address. Firestore stands in; the real stack is tests/teams.spec.ts.
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { historyFields } from '../../../domain/records/history';
import { readMember } from '../../../domain/records/members';
import type { RoleId } from '../../../domain/team';
import type { SessionUser } from '../../../lib/auth/session';
import type * as Workspace from '../../../lib/workspace/workspace';
import type { WorkspaceChoice } from '../../../lib/workspace/workspace';
import HistoryPage from './history-page';

const me: SessionUser = {
  uid: 'me',
  email: 'me@example.co.za',
  displayName: null,
  emailVerified: true,
  createdAt: Date.now(),
};

const place = vi.hoisted(() => ({ current: null as WorkspaceChoice | null }));
vi.mock('../../../lib/workspace/workspace', async (actual) => ({
  ...(await actual<typeof Workspace>()),
  useWorkspace: () => ({ current: place.current, choices: [], listed: true, notice: null }),
}));
vi.mock('../../../lib/auth/session', () => ({ useAuth: () => ({ user: me, loading: false }) }));
vi.mock('../codes/use-saved-codes', () => ({
  useCodesListing: () => ({ status: 'ready', codes: [{ id: 'menu', name: 'Lunch menu' }] }),
}));

/** What the page listened to, and what the stand-in database holds. */
const store = vi.hoisted(() => ({
  listened: [] as string[],
  entries: [] as { id: string; data: unknown }[],
}));
vi.mock('../../../lib/firestore/firestore-core', () => {
  type Ref = { kind: 'doc' | 'collection'; path: string; parts?: string[] };
  return {
    openFirestore: async () => ({}),
    collection: (_db: unknown, path: string): Ref => ({ kind: 'collection', path }),
    doc: (_db: unknown, path: string): Ref => ({ kind: 'doc', path }),
    orderBy: (field: string, direction: string) => `orderBy ${field} ${direction}`,
    limit: (count: number) => `limit ${count}`,
    query: (ref: Ref, ...parts: string[]): Ref => ({ ...ref, parts }),
    onSnapshot: (ref: Ref, next: (snapshot: unknown) => void) => {
      store.listened.push([ref.path, ...(ref.parts ?? [])].join(' '));
      next(
        ref.kind === 'doc'
          ? { exists: () => true, data: () => ({ destination: true }) }
          : {
              docs: store.entries.map(({ id, data }) => ({ id, data: () => data })),
              size: store.entries.length,
            },
      );
      return () => undefined;
    },
  };
});

function team(role: RoleId): WorkspaceChoice {
  const member = readMember('cafe', 'me', {
    role,
    email: 'me@example.co.za',
    joinedAt: new Date(),
    workspaceName: 'owner@cafe.co.za',
  });
  return { id: 'cafe', name: 'owner@cafe.co.za', role, member };
}

const entry = (id: string, code: string, by: string, at: string) => ({
  id,
  data: historyFields(
    {
      code,
      link: `${code}Link01`,
      by: { uid: by, email: `${by}@example.co.za` },
      changes: ['target'],
      from: { kind: 'redirect', target: `https://example.co.za/${code}-old` },
      to: { kind: 'redirect', target: `https://example.co.za/${code}` },
    },
    new Date(at),
  ),
});

beforeEach(() => {
  store.listened = [];
  store.entries = [
    entry('e2', 'menu', 'thandi', '2026-11-21T08:00:00Z'),
    entry('e1', 'poster', 'sipho', '2026-11-20T08:05:00Z'),
  ];
});
afterEach(cleanup);

async function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <HistoryPage />
    </MemoryRouter>,
  );
  // Firestore's modules load by dynamic import.
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('the history page, for the current workspace', () => {
  it('an admin of a team reads its history, newest first, and their own choice of emails', async () => {
    place.current = team('admin');
    await renderAt('/UserHistory');
    expect(store.listened).toEqual(
      expect.arrayContaining([
        'users/cafe/history orderBy at desc limit 500',
        'users/cafe/notices/me',
      ]),
    );
    const rows = within(await screen.findByRole('region', { name: 'Changes' })).getAllByRole('row');
    expect(rows.slice(1).map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Lunch menu',
      'Short link posterLink01',
    ]);
    expect(
      screen.getByRole('checkbox', { name: 'Email me when a printed code’s destination changes' }),
    ).toHaveProperty('checked', true);
  });

  it('keeps the filters the address holds', async () => {
    place.current = team('owner');
    await renderAt('/UserHistory?by=sipho');
    const changes = await screen.findByRole('region', { name: 'Changes' });
    expect(within(changes).getByLabelText('Person')).toHaveProperty('value', 'sipho');
    expect(
      within(changes)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Short link posterLink01']);
    expect(changes.textContent).toContain('Showing 1 of 2 changes');
  });

  it('says what will appear in an empty history', async () => {
    place.current = { id: 'me', name: 'Your own codes', role: 'owner', member: null };
    store.entries = [];
    await renderAt('/UserHistory');
    expect(store.listened).toContain('users/me/history orderBy at desc limit 500');
    expect(await screen.findByText(/^Nothing has changed yet\./)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
  });

  it.each<RoleId>(['editor', 'viewer', 'billing'])(
    'a team’s %s is told it is for owners and admins, and nothing is read',
    async (role) => {
      place.current = team(role);
      await renderAt('/UserHistory');
      expect(
        screen.getByText(/^Only the owners and admins of owner@cafe.co.za read the history/),
      ).toBeTruthy();
      expect(screen.queryByRole('region', { name: 'Changes' })).toBeNull();
      expect(screen.queryByRole('checkbox')).toBeNull();
      expect(store.listened).toEqual([]);
    },
  );
});
