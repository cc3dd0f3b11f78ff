import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { logOut, useAuth } from '../../lib/auth/session';
import { FormAlert } from '../../lib/ui/field';
import { PageLoading } from '../../lib/ui/page-loading';
import { AuthCard } from './auth-card';

export default function ProfilePage() {
  const { user, loading } = useAuth();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  // The route guard already waits for the session; this covers the moment of signing out.
  if (loading || !user) {
    return <PageLoading />;
  }

  const signOut = async () => {
    setSigningOut(true);
    setFailure(null);
    try {
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
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <button type="button" className="button" onClick={signOut} disabled={signingOut}>
        {signingOut ? 'Signing out...' : 'Logout'}
      </button>
    </AuthCard>
  );
}
