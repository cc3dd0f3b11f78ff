import { useOnline } from '../../lib/use-online';
import './pwa.css';

/** A thin strip under the navbar while the browser is offline. */
export function OfflineBanner() {
  const online = useOnline();
  return (
    <div className="offline-banner" role="status">
      {online ? null : <p>You are offline. Pages you have opened before still work.</p>}
    </div>
  );
}
