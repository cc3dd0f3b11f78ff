import { Link } from 'react-router-dom';
import { describeStanding } from '../../../domain/billing';
import { accountPaths } from './account-area';
import { useBilling } from './use-billing';

/**
 * The dashboard's line about the account's trial or plan, with the way to the billing page: "Upgrade"
 * while on the trial or after it ended, "Billing" once a plan is paid.
 */
export function PlanStanding() {
  const billing = useBilling();
  const standing = billing.status === 'ready' ? billing.standing : null;
  return (
    <section className="account-upgrade" aria-label="Your plan">
      {/* Polite: the line arrives a moment after the page, once the account is read. */}
      <p role="status">
        {billing.status === 'failed'
          ? billing.message
          : standing
            ? describeStanding(standing)
            : 'Checking your plan…'}
      </p>
      <Link to={accountPaths.billing} className="button">
        {standing?.kind === 'plan' ? 'Billing' : 'Upgrade'}
      </Link>
    </section>
  );
}
