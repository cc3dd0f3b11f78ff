import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  alwaysKept,
  describeStanding,
  planById,
  planUnlocks,
  type PlanOrder,
} from '../../../domain/billing';
import { amountBilled, formatRand, plans, type Plan } from '../../../domain/pricing';
import { useAuth } from '../../../lib/auth/session';
import { FormAlert } from '../../../lib/ui/field';
import { mayInCurrent, useWorkspace, type WorkspaceChoice } from '../../../lib/workspace/workspace';
import { VerifyEmail } from '../links/verify-email';
import { accountPaths } from './account-area';
import { AccountLayout } from './account-layout';
import { PayByEft } from '../../../lib/billing/pay-by-eft';
import { cancelOrder, orderPlan } from './billing-requests';
import { OrderHistory } from './order-history';
import { useBilling, type BillingView } from './use-billing';
import './billing.css';

/**
 * How a plan can be paid. EFT is what South African small businesses use as often as cards; a card
 * provider cannot be reached from here yet. When one is added, its checkout makes the same order
 * (billing-requests.ts) and its webhook marks it paid as the company's step does
 * (functions/src/orders.ts markOrderPaid).
 */
const paymentMethods = [
  { id: 'eft', label: 'EFT (bank transfer)', available: true },
  { id: 'card', label: 'Card', available: false },
] as const;

/**
 * The plan, orders and invoices of the workspace the person works in: their own account's, or a
 * team's. A team's orders and invoices are for its owners and billing members (the rules let only
 * them read its orders, and the billing API takes orders from them alone); its other members see
 * its plan and whom to ask.
 */
export default function BillingPage() {
  const { current } = useWorkspace();
  const bills = mayInCurrent(current, 'billing');
  const view = useBilling({ withOrders: bills });
  return (
    <AccountLayout heading="Billing">
      {current ? (
        <BillingContents view={view} workspace={current} bills={bills} />
      ) : (
        <p role="status">Loading your plan…</p>
      )}
    </AccountLayout>
  );
}

function BillingContents({
  view,
  workspace,
  bills,
}: {
  view: BillingView;
  workspace: WorkspaceChoice;
  /** The person's role there orders plans and reads the orders. */
  bills: boolean;
}) {
  if (view.status === 'loading') return <p role="status">Loading your plan…</p>;
  if (view.status === 'failed') return <FormAlert tone="error">{view.message}</FormAlert>;
  // A build's order is paid from the PC dashboard, beside its quote; its invoice is listed here too.
  const awaiting = view.orders.filter(
    (order): order is PlanOrder => order.kind === 'plan' && order.state === 'awaiting-payment',
  );
  // A team is named by its account's address, as the workspace switcher names it.
  const team = workspace.member ? workspace.name : null;
  return (
    <div className="billing">
      <section className="panel billing__plan" aria-labelledby="billing-plan-title">
        <h2 id="billing-plan-title">{team ? `The plan of ${team}` : 'Your plan'}</h2>
        <p className="billing__standing">{describeStanding(view.standing, team)}</p>
        <div className="billing__lists">
          <BenefitList title="A trial or a plan gives you" items={planUnlocks} />
          <BenefitList title="Always yours, with or without a plan" items={alwaysKept} />
        </div>
      </section>
      {bills ? (
        <>
          {awaiting.map((order) => (
            <PayByEft
              key={order.id}
              order={order}
              // The order's owner is its workspace: the cancel names it, whoever of its members
              // cancels.
              onCancel={async () => {
                const reply = await cancelOrder(order.id, order.owner);
                return reply.ok ? null : reply.message;
              }}
              after="Your plan starts when the payment reaches us, usually within two working days."
            />
          ))}
          <OrderPlan awaiting={awaiting} workspace={workspace.id} />
          <OrderHistory orders={view.orders} />
        </>
      ) : (
        <section className="panel billing__others" aria-labelledby="billing-others-title">
          <h2 id="billing-others-title">Orders and invoices</h2>
          <p>
            Billing for {team ?? 'this workspace'} is for its owners and billing members: ask one of
            them.
          </p>
        </section>
      )}
    </div>
  );
}

function BenefitList({ title, items }: { title: string; items: readonly string[] }) {
  const id = useId();
  return (
    <div>
      <h3 id={id}>{title}</h3>
      <ul aria-labelledby={id}>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

/** Why the last order was refused, and whether verifying the address would help. */
interface OrderProblem {
  readonly message: string;
  readonly unverified: boolean;
}

/**
 * The plans to order for `workspace`; the one the pricing page's Subscribe chose comes first and
 * is named.
 */
function OrderPlan({ awaiting, workspace }: { awaiting: readonly PlanOrder[]; workspace: string }) {
  const [params] = useSearchParams();
  const chosen = planById(params.get('plan'));
  const { user } = useAuth();
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<OrderProblem | null>(null);
  const chosenButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // From Subscribe on the pricing page: the chosen plan's button is where the eye and focus go.
    if (chosen) chosenButton.current?.focus();
  }, [chosen]);

  const order = async (plan: Plan) => {
    setBusy(plan.id);
    setProblem(null);
    const reply = await orderPlan(plan.id, workspace);
    setBusy(null);
    if (!reply.ok)
      setProblem({ message: reply.message, unverified: reply.problem === 'unverified' });
  };
  // An order's payment details are emailed: the server takes orders from verified addresses only.
  const unverified = user?.emailVerified === false || problem?.unverified === true;
  const ordered = new Set(awaiting.map((order) => order.planId));
  const listed = chosen ? [chosen, ...plans.filter((plan) => plan.id !== chosen.id)] : plans;
  return (
    <section className="panel billing__order" aria-labelledby="billing-order-title">
      <h2 id="billing-order-title">Order a plan</h2>
      <p>
        Choose a plan, then pay by EFT with the order&apos;s reference: the plan starts once the
        payment reaches us, and runs on from the end of any time already paid.{' '}
        <Link to={accountPaths.pricing}>See the plans</Link> to compare them.
      </p>
      <ul className="billing__methods" aria-label="Ways to pay">
        {paymentMethods.map((method) => (
          <li key={method.id}>
            {method.label}: {method.available ? 'available' : 'coming soon'}
          </li>
        ))}
      </ul>
      {unverified ? (
        <VerifyEmail why="Ordering a plan needs a verified email address: we email the order and its payment details to it." />
      ) : null}
      <ul className="billing__choices">
        {listed.map((plan) => (
          <li key={plan.id} className={plan === chosen ? 'billing__choice--chosen' : undefined}>
            <span>
              <strong>{plan.name}</strong>: {formatRand(plan.pricePerMonth)} a month,{' '}
              {formatRand(amountBilled(plan))} per payment
            </span>
            <button
              type="button"
              className="button"
              ref={plan === chosen ? chosenButton : undefined}
              disabled={busy !== null || ordered.has(plan.id) || user?.emailVerified === false}
              onClick={() => void order(plan)}
            >
              {ordered.has(plan.id)
                ? `${plan.name}: ordered`
                : busy === plan.id
                  ? 'Ordering…'
                  : `Order the ${plan.name} plan`}
            </button>
          </li>
        ))}
      </ul>
      {problem ? <FormAlert tone="error">{problem.message}</FormAlert> : null}
    </section>
  );
}
