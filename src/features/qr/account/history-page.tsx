// The history of printed codes (/UserHistory): every change of where the workspace's dynamic codes
// lead, their passwords, dates and state, with who made it and when, as the links function appended
// it (src/domain/records/history.ts). Owners and admins read it, filter it by code and by person
// (the address keeps the filters, so a row of My QR Codes can link to one code's history), download
// it as CSV, and may ask to be emailed when a printed code's destination changes. The others are
// told plainly that it is not theirs to read: the rules refuse them anyway.
import { roles } from '../../../domain/team';
import { useAuth } from '../../../lib/auth/session';
import { mayInCurrent, useWorkspace, type WorkspaceChoice } from '../../../lib/workspace/workspace';
import { accountPages } from './account-area';
import { AccountInfoPage } from './account-layout';
import { HistoryChanges } from './history-changes';
import { NoticeChoicePanel } from './notice-choice-panel';
import './history.css';

export default function HistoryPage() {
  const { current } = useWorkspace();
  return (
    <AccountInfoPage page={accountPages.history}>
      {current ? <History current={current} /> : <p>Loading…</p>}
    </AccountInfoPage>
  );
}

function History({ current }: { current: WorkspaceChoice }) {
  const { user } = useAuth();
  if (!mayInCurrent(current, 'history.read')) {
    return (
      <section className="panel history__closed" aria-labelledby="history-closed-title">
        <h2 id="history-closed-title">Not open to your role</h2>
        <p>
          Only the owners and admins of {current.name} read the history of its printed codes. You
          are {roles[current.role].label.toLowerCase()} here: ask one of them if you need to know
          who changed a code.
        </p>
      </section>
    );
  }
  const uid = user?.uid ?? '';
  // The account's own person has no member document: their address is the account's.
  const email = current.member?.email ?? user?.email ?? null;
  return (
    <div className="history">
      {uid ? <NoticeChoicePanel workspace={current.id} uid={uid} email={email} /> : null}
      <HistoryChanges workspace={current.id} />
    </div>
  );
}
