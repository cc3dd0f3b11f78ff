import { Check } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import {
  amountBilled,
  describeSaving,
  formatRand,
  planBenefits,
  type Plan,
} from '../../../domain/pricing';

/** One plan: its price, billing, saving, benefits, and Subscribe, which orders it on the billing page. */
export function PlanCard({ plan }: { plan: Plan }) {
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
        {/* Signed out, the billing page asks for a sign-in first and then comes back here. */}
        <Link to={`${paths.billing}?plan=${plan.id}`} className="button">
          Subscribe<span className="visually-hidden"> to the {plan.name} plan</span>
        </Link>
      </div>
    </section>
  );
}
