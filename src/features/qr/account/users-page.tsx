// The Users page: the people of the current workspace and what each may do. Everyone sees who is
// in it and the roles table; those who may manage people (owners, admins) also invite, change
// roles, remove and withdraw invites. Every change goes through the team API, which decides with
// the same rules (team-policy.ts) and says why when it refuses: the page offers only what the
// table allows, and shows the server's words for the rest (seats, the last owner).
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { Member } from '../../../domain/records/members';
import { formatDay } from '../../../domain/billing';
import { INVITE_DAYS, mayGiveRole, roleIds, roles, type RoleId } from '../../../domain/team';
import type { TeamAnswer } from '../../../domain/team-api';
import { isPending } from '../../../domain/team-invites';
import { useAuth } from '../../../lib/auth/session';
import { Field, FormAlert, SelectField, StatusMessage } from '../../../lib/ui/field';
import { mayInCurrent, useWorkspace, type WorkspaceChoice } from '../../../lib/workspace/workspace';
import { accountPages, accountPaths } from './account-area';
import { AccountInfoPage } from './account-layout';
import { askTeam } from './team-requests';
import { useTeam } from './use-team';
import './users.css';

type Said = { readonly tone: 'info' | 'error'; readonly text: string } | null;

/** The roles `actor` may give, as a select's options. */
const givable = (actor: RoleId) =>
  roleIds
    .filter((role) => mayGiveRole(actor, role))
    .map((role) => ({ value: role, label: roles[role].label }));

export default function UsersPage() {
  const { current } = useWorkspace();
  return (
    <AccountInfoPage page={accountPages.users}>
      {current ? <Team current={current} /> : <p>Loading…</p>}
    </AccountInfoPage>
  );
}

function Team({ current }: { current: WorkspaceChoice }) {
  const { user } = useAuth();
  const manages = mayInCurrent(current, 'members.manage');
  const team = useTeam(current.id, manages);
  const [said, setSaid] = useState<Said>(null);
  const [busy, setBusy] = useState(false);
  // Whether an invite is still pending, as of opening the page (the list is live; a page left
  // open past an invite's end shows it until the next visit, and the server refuses it anyway).
  const [now] = useState(Date.now);

  /** Sends one change; says what the server answered. */
  const act = async (send: () => Promise<TeamAnswer>): Promise<TeamAnswer | null> => {
    if (busy) return null;
    setBusy(true);
    setSaid(null);
    try {
      const answer = await send();
      setSaid({ tone: answer.ok ? 'info' : 'error', text: answer.message });
      return answer;
    } finally {
      setBusy(false);
    }
  };

  if (team.status === 'loading') return <p>Loading the team…</p>;
  if (team.status === 'failed') return <FormAlert>{team.message}</FormAlert>;

  const me = user?.uid ?? '';
  const workspace = current.id;
  const holderName = workspace === me ? (user?.email ?? 'You') : current.name;
  // Once the account's own person has deleted their account, the owners among the members carry
  // the workspace on: nobody is its holder (records/members.ts holderDeleted).
  const holderGone = current.member?.holderDeleted === true;
  const mine = team.members.find((member) => member.uid === me) ?? null;
  const pending = team.invites.filter((invite) => isPending(invite, now));

  return (
    <div className="users">
      <StatusMessage message={said?.tone === 'info' ? said.text : null} />
      {said?.tone === 'error' ? <FormAlert>{said.text}</FormAlert> : null}

      {mine?.offeredRole ? (
        <section className="panel users__offer" aria-labelledby="users-offer-title">
          <h2 id="users-offer-title">You are offered to become an owner</h2>
          <p>
            An owner may do everything here, including handing the workspace over. You stay{' '}
            {roles[mine.role].label.toLowerCase()} until you accept.
          </p>
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void act(() => askTeam('take-ownership', { workspace }))}
          >
            Accept ownership
          </button>
        </section>
      ) : null}

      <section className="panel users__people" aria-labelledby="users-people-title">
        <h2 id="users-people-title">People</h2>
        {holderGone ? (
          <p>The account that made this workspace has been deleted; its owners carry it on.</p>
        ) : null}
        <div className="users__table">
          <table>
            <thead>
              <tr>
                <th scope="col">Person</th>
                <th scope="col">Role</th>
                <th scope="col">Joined</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {holderGone ? null : (
                <tr>
                  <th scope="row">
                    {holderName}
                    {workspace === me ? ' (you)' : ''}
                  </th>
                  <td>Owner, account holder</td>
                  <td>Made the workspace</td>
                  <td />
                </tr>
              )}
              {team.members.map((member) => (
                <MemberRow
                  key={member.uid}
                  member={member}
                  actor={current.role}
                  manages={manages}
                  isMe={member.uid === me}
                  busy={busy}
                  act={act}
                />
              ))}
            </tbody>
          </table>
        </div>
        {mayInCurrent(current, 'history.read') ? (
          // Who changed what: the history is read by the same people who manage these members.
          <Link to={accountPaths.history} className="button button--ghost users__history">
            History of printed codes
          </Link>
        ) : null}
      </section>

      {manages ? (
        <>
          <InviteForm workspace={workspace} actor={current.role} busy={busy} act={act} />
          <section className="panel" aria-labelledby="users-invites-title">
            <h2 id="users-invites-title">Pending invites</h2>
            {pending.length === 0 ? (
              <p>None. An invite holds a seat until it is accepted, withdrawn or expires.</p>
            ) : (
              <ul className="users__invites">
                {pending.map((invite) => (
                  <li key={invite.id}>
                    <span>
                      {invite.email ?? 'Invite link'}: {roles[invite.role].label}, until{' '}
                      {formatDay(invite.expiresAt)}
                    </span>
                    <button
                      type="button"
                      className="button button--ghost"
                      disabled={busy}
                      onClick={() =>
                        void act(() => askTeam('revoke', { workspace, invite: invite.id }))
                      }
                    >
                      Withdraw
                      <span className="visually-hidden"> the invite {invite.email ?? 'link'}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      ) : null}

      <section className="panel" aria-labelledby="users-roles-title">
        <h2 id="users-roles-title">What each role may do</h2>
        <dl className="users__roles">
          {roleIds.map((role) => (
            <div key={role}>
              <dt>{roles[role].label}</dt>
              <dd>
                {roles[role].summary}
                {roles[role].takesSeat ? ' Takes a seat of the plan.' : ''}
              </dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}

function MemberRow({
  member,
  actor,
  manages,
  isMe,
  busy,
  act,
}: {
  member: Member;
  actor: RoleId;
  manages: boolean;
  isMe: boolean;
  busy: boolean;
  act: (send: () => Promise<TeamAnswer>) => Promise<TeamAnswer | null>;
}) {
  const { workspace, uid } = member;
  // Only a member of a rank no higher than one's own is one's to change (an admin never an owner).
  const changeable = manages && roles[member.role].rank <= roles[actor].rank;
  const label = `Role of ${member.email}`;
  return (
    <tr>
      <th scope="row">
        {member.email}
        {isMe ? ' (you)' : ''}
        {member.offeredRole ? (
          <span className="users__note"> Offered: {roles[member.offeredRole].label}</span>
        ) : null}
      </th>
      <td>
        {changeable ? (
          <SelectField
            label={label}
            className="users__role"
            value={member.role}
            options={givable(actor)}
            disabled={busy}
            onChange={(event) =>
              void act(() =>
                askTeam('role', { workspace, member: uid, role: event.target.value as RoleId }),
              )
            }
          />
        ) : (
          roles[member.role].label
        )}
        {member.role === 'editor' ? (
          <label className="users__own">
            <input
              type="checkbox"
              checked={member.ownCodesOnly}
              disabled={!changeable || busy}
              onChange={(event) =>
                void act(() =>
                  askTeam('role', {
                    workspace,
                    member: uid,
                    role: 'editor',
                    ownCodesOnly: event.target.checked,
                  }),
                )
              }
            />{' '}
            Only their own codes
          </label>
        ) : null}
      </td>
      <td>{formatDay(member.joinedAt)}</td>
      <td>
        {isMe ? (
          <button
            type="button"
            className="button button--ghost"
            disabled={busy}
            onClick={() => void act(() => askTeam('leave', { workspace }))}
          >
            Leave
          </button>
        ) : changeable ? (
          <button
            type="button"
            className="button button--ghost"
            disabled={busy}
            onClick={() => void act(() => askTeam('remove', { workspace, member: uid }))}
          >
            Remove<span className="visually-hidden"> {member.email}</span>
          </button>
        ) : null}
      </td>
    </tr>
  );
}

function InviteForm({
  workspace,
  actor,
  busy,
  act,
}: {
  workspace: string;
  actor: RoleId;
  busy: boolean;
  act: (send: () => Promise<TeamAnswer>) => Promise<TeamAnswer | null>;
}) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<RoleId>('editor');
  const [error, setError] = useState<string | undefined>();
  const [link, setLink] = useState<string | null>(null);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setLink(null);
    if (!email.trim()) {
      setError('Enter the email address of the person to invite.');
      return;
    }
    setError(undefined);
    const answer = await act(() => askTeam('invite', { workspace, email, role }));
    // The address stays typed unless the invite went: a refusal loses nothing.
    if (answer?.ok) setEmail('');
  };

  const makeLink = async () => {
    setError(undefined);
    const answer = await act(() => askTeam('invite', { workspace, email: null, role }));
    setLink(answer?.ok ? (answer.invite?.link ?? null) : null);
  };

  return (
    <section className="panel" aria-labelledby="users-invite-title">
      <h2 id="users-invite-title">Invite someone</h2>
      <p>
        They get an email with a link, valid for {INVITE_DAYS} days, which only their address can
        use. Viewers are free; the other roles take a seat of the plan.
      </p>
      <form className="users__invite" onSubmit={(event) => void send(event)} noValidate>
        <Field
          label="Email address"
          type="email"
          autoComplete="off"
          value={email}
          error={error}
          onChange={(event) => setEmail(event.target.value)}
        />
        <SelectField
          label="Role"
          value={role}
          options={givable(actor)}
          onChange={(event) => setRole(event.target.value as RoleId)}
        />
        <div className="users__invite-actions">
          <button type="submit" className="button" disabled={busy}>
            Send invite
          </button>
          <button
            type="button"
            className="button button--ghost"
            disabled={busy}
            onClick={() => void makeLink()}
          >
            Make an invite link instead
          </button>
        </div>
      </form>
      {link ? (
        <div className="users__link">
          <Field label="Invite link (one person may use it)" readOnly value={link} />
          <button
            type="button"
            className="button button--ghost"
            onClick={() => void navigator.clipboard?.writeText(link).catch(() => undefined)}
          >
            Copy the link
          </button>
        </div>
      ) : null}
    </section>
  );
}
