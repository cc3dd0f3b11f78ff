import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { STAFF_CLAIM } from '../../domain/records/staff';
import { hasClaim, logOut, useAuth } from '../../lib/auth/session';
import { FormAlert } from '../../lib/ui/field';
import { PageLoading } from '../../lib/ui/page-loading';
import { AuthCard } from './auth-card';

/**
 * How long signing out waits for the account's writes made on this device to reach the server:
 * signing out deletes the device's copy, and with it any write still waiting. Online, a write is
 * confirmed well within this; offline, none is, and the page asks before deleting it.
 */
const SEND_WAIT_MS = 3_000;

const UNSENT_MESSAGE =
  'Some changes you made while offline have not reached your account yet, and signing out deletes this device’s copy of your codes. Go back online and wait a moment before you sign out, or sign out anyway and lose those changes.';

/** Whether the account's writes made on this device have reached the server (asks Firestore). */
const writesSent = () =>
  import('../../lib/firestore/firestore-core').then(
    (firestore) => firestore.writesSent(SEND_WAIT_MS),
    // Firestore could not even be loaded: this page has made no write.
    () => true,
  );

export default function ProfilePage() {
  const { user, loading } = useAuth();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [unsent, setUnsent] = useState(false);

  // The route guard already waits for the session; this covers the moment of signing out.
  if (loading || !user) {
    return <PageLoading />;
  }

  const signOut = async (anyway: boolean) => {
    setSigningOut(true);
    setFailure(null);
    try {
      // Offline, writes still waiting would be lost with the device's copy: ask first.
      if (!anyway && !(await writesSent()) && !navigator.onLine) {
        setUnsent(true);
        setSigningOut(false);
        return;
      }
      await logOut();
      navigate(paths.login, { replace: true });
    } catch {
      setFailure('Unable to sign out. Please try again.');
      setSigningOut(false);
    }
  };

  return (
    <AuthCard title={`Hello, ${user.displayName || user.email}`}>
      <dl className="profile__details">
        <dt>Email</dt>
        <dd>{user.email}</dd>
        <dt>User ID</dt>
        <dd>{user.uid}</dd>
      </dl>
      <StaffDeskLink uid={user.uid} />
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      {unsent ? <FormAlert>{UNSENT_MESSAGE}</FormAlert> : null}
      <button
        type="button"
        className="button"
        onClick={() => void signOut(false)}
        disabled={signingOut}
      >
        {signingOut ? 'Signing out...' : 'Logout'}
      </button>
      {unsent ? (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => void signOut(true)}
          disabled={signingOut}
        >
          Sign out anyway
        </button>
      ) : null}
    </AuthCard>
  );
}

/** The way to the company's desk, for a member of its staff (their token's claim says so). */
function StaffDeskLink({ uid }: { uid: string }) {
  const [staff, setStaff] = useState(false);
  useEffect(() => {
    let live = true;
    void hasClaim(STAFF_CLAIM).then(
      (is) => live && setStaff(is),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [uid]);
  return staff ? (
    <p>
      <Link to={paths.desk}>Open the company’s desk</Link>
    </p>
  ) : null;
}
