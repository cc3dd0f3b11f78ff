import { Link } from 'react-router-dom';
import { describeStanding } from '../../../domain/billing';
import { mayInCurrent, useWorkspace } from '../../../lib/workspace/workspace';
import { accountPaths } from './account-area';
import { useBilling } from './use-billing';

/**
 * The dashboard's line about the current workspace's trial or plan, with the way to the billing
 * page: "Upgrade" while on the trial or after it ended, for those who order its plans; "Billing"
 * once a plan is paid, and for a team's members who do not order (the page says whom to ask).
 */
export function PlanStanding() {
  const billing = useBilling();
  const { current } = useWorkspace();
  const standing = billing.status === 'ready' ? billing.standing : null;
  const upgrade = standing?.kind !== 'plan' && mayInCurrent(current, 'billing');
  return (
    <section className="account-upgrade" aria-label="Your plan">
      {/* Polite: the line arrives a moment after the page, once the account is read. */}
      <p role="status">
        {billing.status === 'failed'
          ? billing.message
          : standing
            ? describeStanding(standing, current?.member ? current.name : null)
            : 'Checking your plan…'}
      </p>
      <Link to={accountPaths.billing} className="button">
        {upgrade ? 'Upgrade' : 'Billing'}
      </Link>
    </section>
  );
}
