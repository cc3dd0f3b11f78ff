import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { reducedMotion } from '../../lib/use-media-query';
import { OfflineBanner } from '../../features/pwa/offline-banner';
import { PwaNotices } from '../../features/pwa/pwa-notices';
import { MatrixBackground } from '../background/matrix-background';
import { Footer } from './footer';
import { Navbar } from './navbar';
import './layout.css';

export function Layout() {
  const mainRef = useRef<HTMLElement>(null);
  useTopOnNavigation(mainRef);
  return (
    <>
      <MatrixBackground />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Navbar />
      <OfflineBanner />
      <main id="main" ref={mainRef} tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <PwaNotices />
    </>
  );
}

/**
 * Every link the user follows lands at the top of its page, scrolled smoothly, with focus on
 * the main region so screen readers start reading the new page. Back and forward keep the
 * browser's own scroll restoration.
 */
function useTopOnNavigation(mainRef: React.RefObject<HTMLElement | null>) {
  const { key } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    // The first load counts as POP too, so it keeps the browser's position as well.
    if (navigationType === 'POP') return;
    const smooth = !window.matchMedia(reducedMotion).matches;
    window.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'auto' });
    mainRef.current?.focus({ preventScroll: true });
  }, [key, navigationType, mainRef]);
}
