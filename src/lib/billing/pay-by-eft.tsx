// How to pay one unpaid order by EFT: the bank details, the amount and its reference. The billing
// page shows it for a plan, the PC dashboard for a build whose quote was accepted; the order's
// email says the same (functions/src/order-mail.ts).
import { useId, useState, type ReactNode } from 'react';
import { bankDetails, billing } from '../../config/billing';
import { orderItem, type Order } from '../../domain/billing';
import { formatCents } from '../../domain/money';
import { FormAlert } from '../ui/field';
import './pay-by-eft.css';

export function PayByEft({
  order,
  onCancel,
  after,
}: {
  order: Order;
  /** Cancels the order, answering why not; absent, it cannot be cancelled here. */
  onCancel?: () => Promise<string | null>;
  /** When the customer's payment takes effect, in words. */
  after: ReactNode;
}) {
  const titleId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const cancel = async () => {
    setCancelling(true);
    const refused = await onCancel!();
    setCancelling(false);
    setProblem(refused);
  };
  const amount = formatCents(order.amountCents);
  const what = order.kind === 'plan' ? `the ${orderItem(order)}` : orderItem(order);
  return (
    <section className="panel pay-eft" aria-labelledby={titleId}>
      <h2 id={titleId}>
        Pay {amount} by EFT for {what}
      </h2>
      {billing.placeholder ? (
        <FormAlert tone="info">
          These bank details are placeholders until the company publishes its account: do not pay
          into them yet. Contact us and we will send the real ones.
        </FormAlert>
      ) : null}
      <dl className="pay-eft__bank">
        {[...bankDetails, ['Amount', amount] as const].map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div className="pay-eft__reference">
          <dt>Reference</dt>
          <dd>{order.reference}</dd>
        </div>
      </dl>
      <p>
        Use the reference exactly as shown: it is how we know the payment is yours. {after} To start
        sooner, email the proof of payment to{' '}
        <a href={`mailto:${billing.paymentsEmail}`}>{billing.paymentsEmail}</a>.
      </p>
      {onCancel ? (
        <button
          type="button"
          className="button button--ghost"
          disabled={cancelling}
          onClick={() => void cancel()}
        >
          {cancelling ? 'Cancelling…' : 'Cancel this order'}
        </button>
      ) : null}
      {problem ? <FormAlert tone="error">{problem}</FormAlert> : null}
    </section>
  );
}
