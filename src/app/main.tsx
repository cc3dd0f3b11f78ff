import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, matchPath } from 'react-router-dom';
import { signedInHere } from '../lib/auth/session';
import { requestMemberAssets } from '../lib/member-assets';
import { outboxMayHaveWaiting } from '../lib/outbox/waiting-flag';
import { followAccountWork } from './account-work';
import { App } from './app';
import { routes } from './routes';
import './styles/global.css';

// The first screen's code starts downloading now, beside React, not after React's first render
// asks for it (the lazy page then finds the module already on its way). A failure is left to the
// page's own loader, which retries and explains.
routes
  .find((route) => matchPath(route.path, window.location.pathname))
  ?.load?.()
  .catch(() => undefined);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);

// Enquiries saved while offline are sent from whichever page opens next; the code for it is
// loaded only when something waits.
if (outboxMayHaveWaiting()) {
  void import('../lib/outbox/delivery').then((delivery) => delivery.startOutboxDelivery());
}

// The signed-in account's background work (its short links, its uploads) starts at each sign-in
// and stops at sign-out, whichever page hears it first.
followAccountWork();

// Signed in in this tab: the service worker caches the QR screens' code for offline use now,
// without loading Firebase on a marketing page (Firebase's own sign-in asks too: session.ts).
if (signedInHere()) requestMemberAssets();
