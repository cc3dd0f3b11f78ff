// @vitest-environment jsdom
// The Billing page and the dashboard's plan line follow the workspace the person works in: its
// terms (accounts/{workspace}) and its orders (owner == workspace) are read, never another's, and
// a team's member whose role does not order plans is told whom to ask instead of being shown the
// order form and the orders (which the rules would refuse them). Firestore stands in; ordering
// against the real function is tested end to end in tests/billing.spec.ts.
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readMember } from '../../../domain/records/members';
import type { RoleId } from '../../../domain/team';
import type { SessionUser } from '../../../lib/auth/session';
import type * as Workspace from '../../../lib/workspace/workspace';
import type { WorkspaceChoice } from '../../../lib/workspace/workspace';
import BillingPage from './billing-page';
import { PlanStanding } from './plan-standing';
import { trialFallback, useBilling } from './use-billing';

const DAY = 86_400_000;
const now = Date.now();
const me: SessionUser = {
  uid: 'me',
  email: 'me@example.co.za',
  displayName: null,
  emailVerified: true,
  createdAt: now - DAY,
};

const place = vi.hoisted(() => ({ current: null as WorkspaceChoice | null }));
vi.mock('../../../lib/workspace/workspace', async (actual) => ({
  ...(await actual<typeof Workspace>()),
  useWorkspace: () => ({ current: place.current, choices: [], listed: true, notice: null }),
}));
vi.mock('../../../lib/auth/session', () => ({ useAuth: () => ({ user: me, loading: false }) }));

/** What the page asked Firestore for, and the terms it is given: a trial started `days` ago. */
const reads = vi.hoisted(() => ({ terms: [] as string[], orders: [] as string[], days: 3 }));
vi.mock('../../../lib/firestore/firestore-core', () => ({ openFirestore: async () => ({}) }));
vi.mock('./billing-store', () => ({
  watchTerms: (
    _db: unknown,
    workspace: string,
    _signedUpAt: number,
    onChange: (terms: unknown) => void,
  ) => {
    reads.terms.push(workspace);
    onChange({ trialStartedAt: Date.now() - reads.days * DAY, planId: null, paidUntil: null });
    return () => undefined;
  },
  watchOrders: (_db: unknown, workspace: string, onChange: (orders: unknown[]) => void) => {
    reads.orders.push(workspace);
    onChange([]);
    return () => undefined;
  },
}));

const own: WorkspaceChoice = { id: 'me', name: 'Your own codes', role: 'owner', member: null };

function team(role: RoleId): WorkspaceChoice {
  // As the server stores a member (read as the switcher reads it).
  const member = readMember('cafe', 'me', {
    role,
    email: 'me@example.co.za',
    joinedAt: new Date(now - 2 * DAY),
    workspaceName: 'owner@cafe.co.za',
  });
  return { id: 'cafe', name: 'owner@cafe.co.za', role, member };
}

beforeEach(() => {
  reads.terms = [];
  reads.orders = [];
  reads.days = 3;
});
afterEach(cleanup);

async function renderPage(page: React.ReactNode) {
  render(<MemoryRouter>{page}</MemoryRouter>);
  // Firestore's modules load by dynamic import.
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('the Billing page, for the current workspace', () => {
  it('a billing member of a team sees the team’s plan and orders, and may order for it', async () => {
    place.current = team('billing');
    await renderPage(<BillingPage />);
    expect(reads.terms).toEqual(['cafe']);
    expect(reads.orders).toEqual(['cafe']);
    expect(
      await screen.findByRole('heading', { name: 'The plan of owner@cafe.co.za' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Order the Monthly plan' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Orders and invoices' })).toBeTruthy();
  });

  it.each<RoleId>(['admin', 'editor', 'viewer'])(
    'a team’s %s sees its plan and whom to ask, no order form and no orders',
    async (role) => {
      place.current = team(role);
      await renderPage(<BillingPage />);
      expect(reads.terms).toEqual(['cafe']);
      expect(reads.orders).toEqual([]);
      expect(await screen.findByText(/days of owner@cafe.co.za's free trial left/)).toBeTruthy();
      expect(
        screen.getByText(
          'Billing for owner@cafe.co.za is for its owners and billing members: ask one of them.',
        ),
      ).toBeTruthy();
      expect(screen.queryByRole('button', { name: /^Order the / })).toBeNull();
      expect(screen.queryByRole('table')).toBeNull();
    },
  );

  it('one’s own codes show one’s own plan and orders', async () => {
    place.current = own;
    await renderPage(<BillingPage />);
    expect(reads.terms).toEqual(['me']);
    expect(reads.orders).toEqual(['me']);
    expect(await screen.findByRole('heading', { name: 'Your plan' })).toBeTruthy();
  });
});

describe('the dashboard’s plan line', () => {
  it('reads the team’s trial, and offers Upgrade only to those who order its plans', async () => {
    reads.days = 20;
    place.current = team('editor');
    await renderPage(<PlanStanding />);
    expect(reads.terms).toEqual(['cafe']);
    expect(await screen.findByText(/^owner@cafe.co.za's free trial ended on /)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Billing' })).toBeTruthy();
    cleanup();
    place.current = team('billing');
    await renderPage(<PlanStanding />);
    expect(await screen.findByRole('link', { name: 'Upgrade' })).toBeTruthy();
  });
});

describe('useBilling', () => {
  it('never shows one workspace’s plan as another’s after a switch', async () => {
    place.current = own;
    const { result, rerender } = renderHook(() => useBilling());
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(result.current.status).toBe('ready');
    place.current = team('viewer');
    rerender();
    // The team's terms are not read yet in this render: loading, not one's own plan.
    expect(result.current.status).toBe('loading');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(result.current.status).toBe('ready');
    expect(reads.terms).toEqual(['me', 'cafe']);
  });

  it('starts a trial the server has not stored at the account’s creation, or a team member’s joining', () => {
    expect(trialFallback(me, own)).toBe(me.createdAt);
    expect(trialFallback(me, team('viewer'))).toBe(now - 2 * DAY);
    expect(trialFallback(null, own)).toBeNull();
  });
});
