// What deleting the account would remove and what stays, said before the person asks for it: from
// the plan the server will follow (src/domain/account-deletion.ts), read live (data-rights-plan.ts).
// The last owner of a workspace others work in is told what to do first, with the way to the Users
// page; the server refuses in the same words should they confirm anyway.
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import {
  deletionConsequences,
  lastOwnerMessage,
  WORKSPACE_GOES,
} from '../../../domain/account-deletion';
import type { PlanView } from './data-rights-plan';

const CHECKING = 'Checking the workspaces you work in…';

/** Shown when the plan could not be read: the server still decides, and says so if it refuses. */
const UNCHECKED =
  'If other people work in your workspace, or you belong to other teams, what becomes of them is checked when you confirm.';

function Listed({ lead, items }: { lead: string; items: readonly string[] }) {
  return (
    <>
      <p>{lead}</p>
      <ul>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </>
  );
}

export function DeletionConsequences({ view }: { view: PlanView }) {
  if (view.status === 'loading') return <p role="status">{CHECKING}</p>;
  if (view.status === 'failed') {
    return (
      <>
        <Listed lead="This cannot be undone. It removes, for good:" items={WORKSPACE_GOES} />
        <p>{UNCHECKED}</p>
      </>
    );
  }
  const { plan } = view;
  if (plan.blocking.length > 0) {
    // What the deletion would then remove depends on the choice they make: none is said yet.
    return (
      <p className="data-rights__blocked">
        <strong>{lastOwnerMessage(plan.blocking)}</strong>{' '}
        <Link to={paths.users}>Open the Users page</Link>
      </p>
    );
  }
  const { removed, stays } = deletionConsequences(plan);
  return (
    <>
      <Listed lead="This cannot be undone. It removes, for good:" items={removed} />
      {stays.length > 0 ? <Listed lead="What stays:" items={stays} /> : null}
    </>
  );
}
