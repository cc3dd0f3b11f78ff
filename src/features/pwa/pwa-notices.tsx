import { useEffect, useRef, useState } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { runBeforeReload } from '../../lib/before-reload';
import './pwa.css';

/** How often an open tab asks whether a new version was deployed (also when it is shown again). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** Asks for a new service worker every hour and whenever the tab is shown again, when online. */
function checkForUpdates(registration: ServiceWorkerRegistration) {
  const check = () => {
    if (document.visibilityState === 'visible' && navigator.onLine) {
      registration.update().catch(() => undefined);
    }
  };
  window.setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', check);
}

/**
 * What the service worker has to say: ready to work offline, a new version. One polite live
 * region at the bottom of the screen, out of the content's way. Registration is vite-plugin-pwa's
 * (prompt mode: a new version waits for Reload), which loads workbox-window after the first
 * render. Rendered beside the routes, not in the page layout, so an error page still offers an
 * update.
 */
/** How long "Ready to work offline." shows. */
const READY_NOTICE_MS = 8_000;

export function PwaNotices() {
  const registration = useRef<ServiceWorkerRegistration | undefined>(undefined);
  const {
    needRefresh: [updateWaiting, setUpdateWaiting],
    offlineReady: [offlineReady, setOfflineReady],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registered) {
      registration.current = registered;
      if (registered) checkForUpdates(registered);
    },
  });
  const [reloading, setReloading] = useState(false);

  const reload = async () => {
    setReloading(true);
    // Drafts being typed are saved first; the page reloads once the new worker has control.
    await runBeforeReload();
    // The plugin reloads on that only when this page already had a worker when it registered
    // (workbox-window's isUpdate); after a first install during this visit it would not.
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
      once: true,
    });
    await updateServiceWorker();
    // A waiting worker that vanished (another tab activated it) leaves nothing to wait for.
    if (!registration.current?.waiting) window.location.reload();
  };

  const showReady = offlineReady && !updateWaiting;
  // The note is good news, not a question: it goes by itself, so it does not sit over the page's
  // text (OK closes it sooner). "A new version" stays until answered.
  useEffect(() => {
    if (!showReady) return;
    const timer = setTimeout(() => setOfflineReady(false), READY_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [showReady, setOfflineReady]);

  return (
    <div className="pwa-notices" role="status" aria-live="polite">
      {updateWaiting ? (
        <div className="pwa-notice">
          <p>A new version is available.</p>
          <button type="button" className="button" onClick={reload} disabled={reloading}>
            {reloading ? 'Reloading…' : 'Reload'}
          </button>
          <button
            type="button"
            className="pwa-notice__close"
            onClick={() => setUpdateWaiting(false)}
          >
            Later
          </button>
        </div>
      ) : null}
      {showReady ? (
        <div className="pwa-notice">
          <p>Ready to work offline.</p>
          <button
            type="button"
            className="pwa-notice__close"
            onClick={() => setOfflineReady(false)}
          >
            OK
          </button>
        </div>
      ) : null}
    </div>
  );
}
