import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { bankDetails, billing } from '../../../config/billing';
import {
  alwaysKept,
  describeStanding,
  formatDay,
  orderStateLabels,
  planById,
  planUnlocks,
  type Order,
} from '../../../domain/billing';
import { amountBilled, formatRand, plans, type Plan } from '../../../domain/pricing';
import { saveFile } from '../../../lib/save-file';
import { FormAlert } from '../../../lib/ui/field';
import { accountPaths } from './account-area';
import { AccountLayout } from './account-layout';
import { cancelOrder, orderPlan } from './billing-requests';
import { invoiceOf } from './invoice';
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

/** The plans to order; the one the pricing page's Subscribe chose comes first and is named. */
function OrderPlan({ awaiting }: { awaiting: readonly Order[] }) {
  const [params] = useSearchParams();
  const chosen = planById(params.get('plan'));
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
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
    if (!reply.ok) setProblem(reply.message);
  };
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
              disabled={busy !== null || ordered.has(plan.id)}
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
      {problem ? <FormAlert tone="error">{problem}</FormAlert> : null}
    </section>
  );
}

/** How to pay one unpaid order: the bank details, the amount and its reference. */
function PayByEft({ order }: { order: Order }) {
  const plan = planById(order.planId)!;
  const titleId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const cancel = async () => {
    setCancelling(true);
    const reply = await cancelOrder(order.id);
    setCancelling(false);
    if (!reply.ok) setProblem(reply.message);
  };
  return (
    <section className="panel billing__eft" aria-labelledby={titleId}>
      <h2 id={titleId}>
        Pay {formatRand(order.amount)} by EFT for the {plan.name} plan
      </h2>
      {billing.placeholder ? (
        <FormAlert tone="info">
          These bank details are placeholders until the company publishes its account: do not pay
          into them yet. Contact us and we will send the real ones.
        </FormAlert>
      ) : null}
      <dl className="billing__bank">
        {bankDetails.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div>
          <dt>Amount</dt>
          <dd>{formatRand(order.amount)}</dd>
        </div>
        <div className="billing__reference">
          <dt>Reference</dt>
          <dd>{order.reference}</dd>
        </div>
      </dl>
      <p>
        Use the reference exactly as shown: it is how we know the payment is yours. Your plan starts
        when the payment reaches us, usually within two working days; to start it sooner, email the
        proof of payment to <a href={`mailto:${billing.paymentsEmail}`}>{billing.paymentsEmail}</a>.
      </p>
      <button
        type="button"
        className="button button--ghost"
        disabled={cancelling}
        onClick={() => void cancel()}
      >
        {cancelling ? 'Cancelling…' : 'Cancel this order'}
      </button>
      {problem ? <FormAlert tone="error">{problem}</FormAlert> : null}
    </section>
  );
}

function OrderHistory({ orders }: { orders: readonly Order[] }) {
  const [problem, setProblem] = useState<string | null>(null);
  const download = async (order: Order) => {
    const invoice = invoiceOf(order);
    if (!invoice) return;
    setProblem(null);
    try {
      const { invoicePdf } = await import('./invoice-pdf');
      saveFile(await invoicePdf(invoice), invoice.fileName);
    } catch {
      setProblem('The invoice could not be made just now. Check your connection, then try again.');
    }
  };
  return (
    <section className="panel billing__history" aria-labelledby="billing-history-title">
      <h2 id="billing-history-title">Orders and invoices</h2>
      {orders.length === 0 ? (
        <p>No orders yet.</p>
      ) : (
        <div className="billing__table">
          <table>
            <thead>
              <tr>
                <th scope="col">Reference</th>
                <th scope="col">Plan</th>
                <th scope="col">Amount</th>
                <th scope="col">Ordered</th>
                <th scope="col">State</th>
                <th scope="col">Invoice</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id}>
                  <th scope="row">{order.reference}</th>
                  <td>{planById(order.planId)?.name}</td>
                  <td>{formatRand(order.amount)}</td>
                  <td>{formatDay(order.createdAt)}</td>
                  <td>
                    {orderStateLabels[order.state]}
                    {order.state === 'paid' && order.periodEnd !== null
                      ? `: until ${formatDay(order.periodEnd)}`
                      : ''}
                  </td>
                  <td>
                    {order.invoiceNumber ? (
                      <button
                        type="button"
                        className="button button--ghost billing__invoice"
                        onClick={() => void download(order)}
                      >
                        Invoice {order.invoiceNumber}
                        <span className="visually-hidden"> (PDF)</span>
                      </button>
                    ) : (
                      '-'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {problem ? <FormAlert tone="error">{problem}</FormAlert> : null}
    </section>
  );
}
