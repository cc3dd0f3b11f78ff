import { useId, useState } from 'react';
import { bankDetails, billing } from '../../../config/billing';
import { planById, type Order } from '../../../domain/billing';
import { formatRand } from '../../../domain/pricing';
import { FormAlert } from '../../../lib/ui/field';
import { cancelOrder } from './billing-requests';

/** How to pay one unpaid order: the bank details, the amount and its reference. */
export function PayByEft({ order }: { order: Order }) {
  const plan = planById(order.planId)!;
  const titleId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const cancel = async () => {
    setCancelling(true);
    // The order's owner is its workspace: the cancel names it, whoever of its members cancels.
    const reply = await cancelOrder(order.id, order.owner);
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
