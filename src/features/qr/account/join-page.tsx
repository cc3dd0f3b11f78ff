// Where an invite's link leads (/JoinTeam#<token>): the token stays in the fragment, so it never
// reaches a server's log or another site's Referer; the page sends it to the team API only when
// the person says Join. Someone not signed in comes here after signing in or registering (the
// fragment is kept through the login page), and an address not verified yet is verified here.
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { tokenOfFragment, type TeamAnswer } from '../../../domain/team-api';
import { useAuth } from '../../../lib/auth/session';
import { FormAlert } from '../../../lib/ui/field';
import { chooseJoinedTeam } from '../../../lib/workspace/workspace';
import { VerifyEmail } from '../links/verify-email';
import { AccountLayout } from './account-layout';
import { askTeam } from './team-requests';

export default function JoinPage() {
  const { hash } = useLocation();
  const token = tokenOfFragment(hash);
  const { user } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<TeamAnswer | null>(null);

  const join = async () => {
    if (!token || busy) return;
    setBusy(true);
    try {
      setAnswer(await askTeam('accept', { token }));
    } finally {
      setBusy(false);
    }
  };

  const open = (workspace: string) => {
    chooseJoinedTeam(workspace);
    navigate(paths.qrCodes);
  };

  return (
    <AccountLayout heading="Join a team">
      <section className="panel account-note" aria-label="Your invite">
        {!token ? (
          <FormAlert>
            This invite link is incomplete: open the whole link from the email, or ask for a new
            one.
          </FormAlert>
        ) : answer?.ok ? (
          <>
            <p role="status">{answer.message}</p>
            <button type="button" className="button" onClick={() => open(answer.workspace!)}>
              Open the team’s codes
            </button>
          </>
        ) : (
          <>
            <p>
              You were invited to work on a team’s QR codes. Joining lets its owners see your email
              address ({user?.email ?? 'the one you signed in with'}) and your changes to its codes.
            </p>
            {answer && !answer.ok ? <FormAlert>{answer.message}</FormAlert> : null}
            {answer && !answer.ok && answer.problem === 'unverified' ? (
              <VerifyEmail why="Teams know their members by a verified email address." />
            ) : null}
            <button type="button" className="button" disabled={busy} onClick={() => void join()}>
              {busy ? 'Joining…' : 'Join the team'}
            </button>
          </>
        )}
      </section>
    </AccountLayout>
  );
}
