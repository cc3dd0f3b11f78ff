// Registers the service worker (prompt mode) and reports what the page should tell the user.
import { runBeforeReload } from '../../lib/before-reload';

export interface SwStatus {
  /** The first service worker is active: the site now works offline. */
  offlineReady: boolean;
  /** A new version is installed and waits for the user's go-ahead. */
  updateWaiting: boolean;
}

const UPDATE_CHECK_MS = 60 * 60 * 1000;

export interface SwBridge {
  applyUpdate(): Promise<void>;
  dispose(): void;
}

export async function registerServiceWorker(
  onStatus: (change: Partial<SwStatus>) => void,
): Promise<SwBridge | null> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return null;
  // Loaded after the first render: nothing on the first paint waits for it.
  const { Workbox } = await import('workbox-window');
  const workbox = new Workbox('/sw.js', { scope: '/' });
  let reloadOnControl = false;

  workbox.addEventListener('activated', (event) => {
    if (!event.isUpdate) onStatus({ offlineReady: true });
  });
  workbox.addEventListener('waiting', () => onStatus({ updateWaiting: true }));
  workbox.addEventListener('controlling', () => {
    if (reloadOnControl) window.location.reload();
  });

  const registration = await workbox.register();
  const check = () => {
    if (document.visibilityState === 'visible' && navigator.onLine) {
      workbox.update().catch(() => undefined);
    }
  };
  const timer = window.setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', check);

  return {
    async applyUpdate() {
      await runBeforeReload();
      reloadOnControl = true;
      workbox.messageSkipWaiting();
      // A waiting worker that vanished (another tab activated it) leaves nothing to wait for.
      if (!registration?.waiting) window.location.reload();
    },
    dispose() {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', check);
    },
  };
}
