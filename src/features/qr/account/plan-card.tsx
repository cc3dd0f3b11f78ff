import { Check } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import {
  amountBilled,
  describeSaving,
  formatRand,
  planBenefits,
  type Plan,
} from '../../../domain/pricing';

/** One plan: its price, billing, saving, benefits, and a Subscribe button that tells the truth. */
export function PlanCard({ plan }: { plan: Plan }) {
  const [subscribeAsked, setSubscribeAsked] = useState(false);
  const titleId = useId();
  const saving = describeSaving(plan);
  return (
    <section className="plan panel" aria-labelledby={titleId}>
      <h2 id={titleId}>{plan.name}</h2>
      <p className="plan__price">
        <strong>{formatRand(plan.pricePerMonth)}</strong> per month
      </p>
      <p className="plan__billing">
        Billed every {plan.term}
        {plan.billingMonths > 1 ? `: ${formatRand(amountBilled(plan))} per payment` : ''}
      </p>
      <p className={saving ? 'plan__saving' : 'plan__saving plan__saving--none'}>
        {saving ? `${saving} compared with paying monthly` : 'Full price, month to month'}
      </p>
      <ul className="plan__benefits" aria-label={`${plan.name} includes`}>
        {planBenefits(plan).map((benefit) => (
          <li key={benefit}>
            <Check aria-hidden="true" size={18} />
            {benefit}
          </li>
        ))}
      </ul>
      <div className="plan__subscribe">
        <button type="button" className="button" onClick={() => setSubscribeAsked(true)}>
          Subscribe<span className="visually-hidden"> to the {plan.name} plan</span>
        </button>
        {/* Always present, so screen readers announce the message when it appears. */}
        <div role="status">
          {subscribeAsked ? (
            <p className="plan__message">
              Online payment is not available yet. To start the {plan.name} plan,{' '}
              <Link to={paths.contact}>contact us</Link> and we will help you get set up.
            </p>
          ) : null}
        </div>
      </div>
    </section>
  );
}
