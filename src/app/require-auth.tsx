import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '../config/paths';
import { useAuth } from '../lib/auth/session';
import { PageLoading } from '../lib/ui/page-loading';

/**
 * Shows a signed-in screen only to a signed-in user. Until Firebase reports the first state it
 * shows 'Loading...' (never a flash of the protected page); then an anonymous visitor goes to
 * /Login, with history replaced, and comes back here after signing in (the fragment too: an
 * invite's token travels in it).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) {
    return <PageLoading />;
  }
  if (!user) {
    return (
      <Navigate
        to={paths.login}
        replace
        state={{ from: location.pathname + location.search + location.hash }}
      />
    );
  }
  return children;
}
