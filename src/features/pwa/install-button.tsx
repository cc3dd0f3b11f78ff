import { useState, useSyncExternalStore } from 'react';
import './pwa.css';

/** Chromium's install offer; not in TypeScript's DOM lib. */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

// The browser may offer installation before React renders, so listen from module load.
let offer: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

window.addEventListener('beforeinstallprompt', (event) => {
  event.preventDefault();
  offer = event as InstallPromptEvent;
  notify();
});
window.addEventListener('appinstalled', () => {
  offer = null;
  notify();
});

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const standalone = () =>
  window.matchMedia('(display-mode: standalone)').matches ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

// iOS offers no install prompt: Safari's Share menu has "Add to Home Screen" instead.
const isIos = () =>
  /iphone|ipad|ipod/i.test(navigator.userAgent) ||
  (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);

/** "Install app" while the browser offers installation; on iOS, how to add to the home screen. */
export function InstallButton() {
  const installable = useSyncExternalStore(subscribe, () => offer !== null);
  const [showIosHint, setShowIosHint] = useState(false);

  if (standalone()) return null;

  if (installable) {
    const install = async () => {
      const event = offer;
      if (!event) return;
      await event.prompt();
      const { outcome } = await event.userChoice;
      if (outcome === 'accepted') {
        offer = null;
        notify();
      }
    };
    return (
      <button type="button" className="install-button" onClick={install}>
        Install app
      </button>
    );
  }

  if (!isIos()) return null;
  return (
    <div className="install-hint">
      <button
        type="button"
        className="install-button"
        aria-expanded={showIosHint}
        onClick={() => setShowIosHint((shown) => !shown)}
      >
        Install app
      </button>
      {showIosHint ? (
        <p className="install-hint__text">
          In Safari, tap the Share button, then <strong>Add to Home Screen</strong>.
        </p>
      ) : null}
    </div>
  );
}
