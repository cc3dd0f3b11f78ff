// The current workspace's terms and orders, live, for the dashboard's trial line and the billing
// page: one's own account's, or the team's the person works in (the account is the workspace, so
// its terms are accounts/{workspace} and its orders those whose owner it is). Firestore (its own
// chunk) is loaded here only, by dynamic import.
import { useEffect, useMemo, useState } from 'react';
import { standingOf, type AccountTerms, type Order, type Standing } from '../../../domain/billing';
import type { AccountUsage } from '../../../domain/qr/link-policy';
import { scanDay } from '../../../domain/qr/scan-time';
import { useAuth, type SessionUser } from '../../../lib/auth/session';
import { useWorkspace, type WorkspaceChoice } from '../../../lib/workspace/workspace';

export type BillingView =
  | { readonly status: 'loading' }
  | {
      readonly status: 'ready';
      readonly terms: AccountTerms;
      readonly standing: Standing;
      /** The workspace's short links' usage of their limits today (null: not read). */
      readonly usage: AccountUsage | null;
      /** Newest first; only when asked for. */
      readonly orders: readonly Order[];
    }
  | { readonly status: 'failed'; readonly message: string };

export const BILLING_FAILED =
  'Your plan and orders could not be loaded. Check your connection, then reload the page.';

/**
 * When the workspace's account was made, which starts its trial until the server has stored the
 * start (at its first need: a dynamic code, say). One's own is the session's. A team's account is
 * not the page's to look up in Auth, so the team function stores its trial's start as someone
 * joins (functions/src/team-api.ts): a member's page finds it stored. Only a membership from
 * before that could miss it, and then the joining stands in (the account is at least that old).
 */
export function trialFallback(user: SessionUser | null, workspace: WorkspaceChoice | null) {
  if (!user || !workspace) return null;
  return workspace.id === user.uid ? user.createdAt : (workspace.member?.joinedAt ?? null);
}

export function useBilling({ withOrders = false } = {}): BillingView {
  const { user } = useAuth();
  const { current } = useWorkspace();
  const workspace = user ? (current?.id ?? null) : null;
  const signedUpAt = trialFallback(user, current);
  // Each read is kept with the workspace it is of: another workspace's plan is never shown, not
  // even for the moment after a switch. The terms with the time they were read: the standing is
  // worked out then, not at each render.
  const [terms, setTerms] = useState<{
    workspace: string;
    terms: AccountTerms;
    usage?: (today: string) => AccountUsage;
    at: number;
  } | null>(null);
  const [orders, setOrders] = useState<{ workspace: string; orders: readonly Order[] } | null>(
    null,
  );
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    if (!workspace) return;
    let live = true;
    const stops: (() => void)[] = [];
    const fail = (error: unknown) => {
      console.error(error);
      if (live) setFailed(workspace);
    };
    Promise.all([import('../../../lib/firestore/firestore-core'), import('./billing-store')])
      .then(async ([{ openFirestore }, store]) => {
        const db = await openFirestore();
        if (!live) return;
        // Before the server first stores the trial's start, it is the account's creation.
        const created = signedUpAt ?? Date.now();
        stops.push(
          store.watchTerms(
            db,
            workspace,
            created,
            (next, usage) => live && setTerms({ workspace, terms: next, usage, at: Date.now() }),
            fail,
          ),
        );
        if (withOrders) {
          stops.push(
            store.watchOrders(
              db,
              workspace,
              (next) => live && setOrders({ workspace, orders: next }),
              fail,
            ),
          );
        }
      })
      .catch(fail);
    return () => {
      live = false;
      stops.forEach((stop) => stop());
    };
  }, [workspace, signedUpAt, withOrders]);

  const shownTerms = terms?.workspace === workspace ? terms : null;
  const shownOrders = !withOrders
    ? NO_ORDERS
    : orders?.workspace === workspace
      ? orders.orders
      : null;
  // The same view while nothing read has changed, so what is worked out from it is not redone.
  const ready = useMemo(
    () =>
      shownTerms && shownOrders
        ? {
            status: 'ready' as const,
            terms: shownTerms.terms,
            standing: standingOf(shownTerms.terms, shownTerms.at),
            usage: shownTerms.usage?.(scanDay(new Date(shownTerms.at))) ?? null,
            orders: shownOrders,
          }
        : null,
    [shownTerms, shownOrders],
  );
  if (failed !== null && failed === workspace) return { status: 'failed', message: BILLING_FAILED };
  return ready ?? { status: 'loading' };
}

/** No orders, when they were not asked for (one list, so the view stays the same). */
const NO_ORDERS: readonly Order[] = [];
