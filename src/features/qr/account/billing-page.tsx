import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  alwaysKept,
  describeStanding,
  planById,
  planUnlocks,
  type Order,
} from '../../../domain/billing';
import { amountBilled, formatRand, plans, type Plan } from '../../../domain/pricing';
import { useAuth } from '../../../lib/auth/session';
import { FormAlert } from '../../../lib/ui/field';
import { VerifyEmail } from '../links/verify-email';
import { accountPaths } from './account-area';
import { AccountLayout } from './account-layout';
import { orderPlan } from './billing-requests';
import { OrderHistory } from './order-history';
import { PayByEft } from './pay-by-eft';
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

export default function BillingPage() {
  const view = useBilling({ withOrders: true });
  return (
    <AccountLayout heading="Billing">
      <BillingContents view={view} />
    </AccountLayout>
  );
}

function BillingContents({ view }: { view: BillingView }) {
  if (view.status === 'loading') return <p role="status">Loading your plan…</p>;
  if (view.status === 'failed') return <FormAlert tone="error">{view.message}</FormAlert>;
  const awaiting = view.orders.filter((order) => order.state === 'awaiting-payment');
  return (
    <div className="billing">
      <section className="panel billing__plan" aria-labelledby="billing-plan-title">
        <h2 id="billing-plan-title">Your plan</h2>
        <p className="billing__standing">{describeStanding(view.standing)}</p>
        <div className="billing__lists">
          <BenefitList title="A trial or a plan gives you" items={planUnlocks} />
          <BenefitList title="Always yours, with or without a plan" items={alwaysKept} />
        </div>
      </section>
      {awaiting.map((order) => (
        <PayByEft key={order.id} order={order} />
      ))}
      <OrderPlan awaiting={awaiting} />
      <OrderHistory orders={view.orders} />
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

/** The plans to order; the one the pricing page's Subscribe chose comes first and is named. */
function OrderPlan({ awaiting }: { awaiting: readonly Order[] }) {
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
    const reply = await orderPlan(plan.id);
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
