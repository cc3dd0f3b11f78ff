// Codes from a sheet (/UserBulk), for the workspace the person works in: what it needs to check a
// sheet before anything is written (the workspace's codes, its plan and its links' usage today),
// gathered here and handed to the bulk room's maker. Those whose role writes no codes (viewers,
// billing) are told so plainly; the server would refuse them anyway.
import { useMemo } from 'react';
import { roles } from '../../../domain/team';
import { useAuth } from '../../../lib/auth/session';
import { FormAlert } from '../../../lib/ui/field';
import { mayInCurrent, useWorkspace, type WorkspaceChoice } from '../../../lib/workspace/workspace';
import { BulkMaker } from '../bulk/bulk-maker';
import { useCodesListing } from '../codes/use-saved-codes';
import { accountPages, accountPaths } from './account-area';
import { AccountInfoPage } from './account-layout';
import { useBilling } from './use-billing';
import { usageOn } from '../../../domain/qr/link-policy';
import { scanDay } from '../../../domain/qr/scan-time';

export default function BulkPage() {
  const { current } = useWorkspace();
  return (
    <AccountInfoPage page={accountPages.bulk}>
      {current ? <Bulk current={current} /> : <p>Loading…</p>}
    </AccountInfoPage>
  );
}

function Bulk({ current }: { current: WorkspaceChoice }) {
  const { user } = useAuth();
  const billing = useBilling();
  const listing = useCodesListing();
  const standing = billing.status === 'ready' ? billing.standing : null;
  const usage = billing.status === 'ready' ? billing.usage : null;
  const codeCount = listing.status === 'ready' ? listing.codes.length : 0;
  // Kept while they hold: the maker plans its whole batch again when they change.
  const facts = useMemo(
    () =>
      standing && {
        standing,
        codeCount,
        usage: usage ?? usageOn(undefined, scanDay(new Date())),
      },
    [standing, usage, codeCount],
  );
  if (!mayInCurrent(current, 'codes.write')) {
    return (
      <section className="panel account-note" aria-labelledby="bulk-closed">
        <h2 id="bulk-closed">Not open to your role</h2>
        <p>
          You are {roles[current.role].label.toLowerCase()} in {current.name}, which makes no codes.
          Ask one of its owners or admins to make you an editor.
        </p>
      </section>
    );
  }
  if (billing.status === 'failed') return <FormAlert>{billing.message}</FormAlert>;
  if (listing.status === 'failed') return <FormAlert>{listing.message}</FormAlert>;
  if (!user || !facts || listing.status === 'loading') {
    return <p role="status">Loading your codes and plan…</p>;
  }
  return (
    <BulkMaker
      place={{
        uid: user.uid,
        workspace: current.id,
        workspaceName: current.name,
        codes: listing.codes,
        links: listing.links,
        facts,
        codesPath: accountPaths.qrCodes,
        pricingPath: accountPaths.pricing,
      }}
    />
  );
}
