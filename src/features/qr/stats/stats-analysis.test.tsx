// @vitest-environment jsdom
// The scan figures only read: opening them lists the codes, their links and the links' counts,
// and starts no link or upload work (that starts at sign-in: links/account-work.ts), even when a
// listed link is out of step with its code.
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SavedCode } from '../../../domain/qr/saved-code';
import { linkSyncer } from '../links/link-syncer';
import { uploader } from '../uploads/uploader';
import { StatsAnalysis } from './stats-analysis';

const code = {
  id: 'c1',
  name: 'Menu',
  type: 'web',
  dynamic: true,
  passwordProtected: false,
  content: { text: { websiteUrl: 'https://example.co.za/new' }, lists: {}, files: {} },
  createdAt: null,
  updatedAt: null,
} as unknown as SavedCode;

// The link still leads to the old address: My QR Codes would ask the server to put it right.
const link = {
  id: 'AbCdEfGhJk',
  code: 'c1',
  destination: { kind: 'redirect', target: 'https://example.co.za/old' },
  deleted: false,
  disabled: false,
  locked: false,
  passwordSet: false,
};

vi.mock('../../../lib/auth/session', () => ({
  LOGGED_IN_FLAG: 'IsLoggedIn',
  useAuth: () => ({ user: { uid: 'u1', emailVerified: true }, loading: false }),
}));
vi.mock('../../../lib/workspace/workspace', () => {
  const own = { id: 'u1', name: 'Your own codes', role: 'owner', member: null };
  return { useWorkspace: () => ({ uid: 'u1', current: own, choices: [own], listed: true }) };
});
vi.mock('../../../lib/firestore/firestore-core', () => ({ openFirestore: async () => ({}) }));
vi.mock('../codes/saved-codes', () => ({
  watchCodes: (_db: unknown, _uid: string, onChange: (...args: unknown[]) => void) => {
    onChange([code], { pendingIds: new Set(), fromCache: false });
    return () => undefined;
  },
}));
vi.mock('../links/dynamic-links', () => ({
  watchDynamicLinks: (_db: unknown, _uid: string, onChange: (links: unknown) => void) => {
    onChange(new Map([['c1', link]]));
    return () => undefined;
  },
  watchScanCounts: (_db: unknown, _uid: string, _day: string, onChange: (c: unknown) => void) => {
    onChange(new Map());
    return () => undefined;
  },
}));

afterEach(cleanup);

describe('StatsAnalysis', () => {
  it('shows the figures without starting the links’ or the uploads’ work', async () => {
    const syncer = [
      vi.spyOn(linkSyncer, 'forAccount'),
      vi.spyOn(linkSyncer, 'start'),
      vi.spyOn(linkSyncer, 'ensure'),
      vi.spyOn(linkSyncer, 'after'),
    ];
    const uploads = vi.spyOn(uploader, 'forAccount');
    render(
      <MemoryRouter>
        <StatsAnalysis />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'How these figures are made' })).toBeTruthy();
    expect(screen.getAllByText('Menu').length).toBeGreaterThan(0);
    for (const spy of syncer) expect(spy).not.toHaveBeenCalled();
    expect(uploads).not.toHaveBeenCalled();
  });
});
