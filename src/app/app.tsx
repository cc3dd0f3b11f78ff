import { Route, Routes } from 'react-router-dom';
import { PwaNotices } from '../features/pwa/pwa-notices';
import { registerPageLoaders } from '../lib/page-preload';
import { Layout } from './layout/layout';
import { RouteView } from './route-view';
import { notFoundRoute, routes } from './routes';

registerPageLoaders(routes);

export function App() {
  return (
    <>
      <Routes>
        <Route element={<Layout />}>
          {routes.map((route) => (
            <Route key={route.path} path={route.path} element={<RouteView route={route} />} />
          ))}
          <Route path="*" element={<RouteView route={notFoundRoute} />} />
        </Route>
      </Routes>
      {/* Beside the routes: an update is offered whatever the page shows, even an error. */}
      <PwaNotices />
    </>
  );
}
