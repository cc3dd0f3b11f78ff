import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { outboxMayHaveWaiting } from '../../lib/outbox/waiting-flag';
import { reducedMotion } from '../../lib/use-media-query';
import { OfflineBanner } from '../../features/pwa/offline-banner';
import { MatrixBackground } from '../background/matrix-background';
import { Footer } from './footer';
import { Navbar } from './navbar';
import './layout.css';

// Enquiries that keep failing are shown on every page; its code loads only while one waits. A
// chunk that cannot load (offline before it was cached) shows nothing rather than an error page.
const StuckEnquiries = lazy(() =>
  import('../../features/contact/stuck-enquiries').catch(() => ({ default: () => null })),
);

export function Layout() {
  const mainRef = useRef<HTMLElement>(null);
  useTopOnNavigation(mainRef);
  // Read again on every navigation (the layout renders with each): set once an enquiry waits.
  const enquiryWaiting = outboxMayHaveWaiting();
  return (
    <>
      <MatrixBackground />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Navbar />
      <OfflineBanner />
      {enquiryWaiting ? (
        <Suspense fallback={null}>
          <StuckEnquiries />
        </Suspense>
      ) : null}
      <main id="main" ref={mainRef} tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
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
