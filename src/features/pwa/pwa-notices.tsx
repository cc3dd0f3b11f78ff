import { useEffect, useRef, useState } from 'react';
import { registerServiceWorker, type SwBridge, type SwStatus } from './sw-bridge';
import './pwa.css';

/**
 * What the service worker has to say: ready to work offline, a new version. One polite live
 * region at the bottom of the screen, out of the content's way.
 */
export function PwaNotices() {
  const [status, setStatus] = useState<SwStatus>({ offlineReady: false, updateWaiting: false });
  const [dismissed, setDismissed] = useState<keyof SwStatus | null>(null);
  const [reloading, setReloading] = useState(false);
  const bridge = useRef<SwBridge | null>(null);

  useEffect(() => {
    let disposed = false;
    registerServiceWorker((change) => {
      if (!disposed) setStatus((current) => ({ ...current, ...change }));
    })
      .then((registered) => {
        if (disposed) registered?.dispose();
        else bridge.current = registered;
      })
      .catch(() => undefined);
    return () => {
      disposed = true;
      bridge.current?.dispose();
      bridge.current = null;
    };
  }, []);

  const reload = async () => {
    setReloading(true);
    await bridge.current?.applyUpdate();
  };

  const showUpdate = status.updateWaiting && dismissed !== 'updateWaiting';
  const showReady = status.offlineReady && !showUpdate && dismissed !== 'offlineReady';

  return (
    <div className="pwa-notices" role="status" aria-live="polite">
      {showUpdate ? (
        <div className="pwa-notice">
          <p>A new version is available.</p>
          <button type="button" className="button" onClick={reload} disabled={reloading}>
            {reloading ? 'Reloading…' : 'Reload'}
          </button>
          <button
            type="button"
            className="pwa-notice__close"
            onClick={() => setDismissed('updateWaiting')}
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
            onClick={() => setDismissed('offlineReady')}
          >
            OK
          </button>
        </div>
      ) : null}
    </div>
  );
}
