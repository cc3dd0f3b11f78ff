import { Suspense, type ReactElement } from 'react';
import { useLocation } from 'react-router-dom';
import { PageLoading } from '../lib/ui/page-loading';
import { lazyPage } from './lazy-page';
import { RequireAuth } from './require-auth';
import { RouteErrorBoundary } from './route-error-boundary';
import { notFoundRoute, routes, type AppRoute } from './routes';

// Each route's page element, made once so a route keeps one lazy component across renders.
const pageElements = new Map<AppRoute, ReactElement>(
  [...routes, notFoundRoute].map((route) => {
    let element: ReactElement;
    if (route.load) {
      const Page = lazyPage(route.load);
      element = <Page />;
    } else {
      element = <PendingScreen heading={route.heading ?? route.title} />;
    }
    return [route, route.requiresAuth ? <RequireAuth>{element}</RequireAuth> : element];
  }),
);

/**
 * A route's page with its document title and canonical link (React hoists both into <head>). The
 * canonical is the route table's path, so /CustomPC and /CUSTOMPC name /custompc as the page;
 * the not-found route has no path of its own and names the address asked for.
 */
export function RouteView({ route }: { route: AppRoute }) {
  const { pathname } = useLocation();
  const canonicalPath = route === notFoundRoute ? pathname : route.path;
  return (
    <>
      <title>{route.title}</title>
      <link rel="canonical" href={new URL(canonicalPath, window.location.origin).href} />
      {/* Keyed by path, so moving to another page clears an error. */}
      <RouteErrorBoundary key={pathname}>
        <Suspense fallback={<PageLoading />}>{pageElements.get(route)}</Suspense>
      </RouteErrorBoundary>
    </>
  );
}

/** A screen whose behaviour a later piece of work builds: its heading, and nothing that pretends. */
function PendingScreen({ heading }: { heading: string }) {
  return (
    <section className="page page--narrow">
      <h1>{heading}</h1>
    </section>
  );
}
