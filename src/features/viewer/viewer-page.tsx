// The public page a Link List or Apps QR code opens: `/v#<fragment>`. The content travels in the
// fragment, which never reaches a server, so the page works the same offline once the site is
// installed. The fragment comes from whoever made the link: only what decodeViewerFragment
// accepts is shown, and every link shows the host it really goes to.
import { ChevronRight } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths';
import { decodeViewerFragment } from '../../domain/qr/viewer-fragment';
import './viewer.css';

export default function ViewerPage() {
  const content = decodeViewerFragment(useFragment());
  return (
    <div className="page viewer">
      <section className="panel viewer__panel" aria-labelledby="viewer-title">
        {content === null ? (
          <NothingToShow />
        ) : content.kind === 'links' ? (
          <LinkList links={content.links} />
        ) : (
          <AppLinks appStore={content.appStore} googlePlay={content.googlePlay} />
        )}
      </section>
    </div>
  );
}

function LinkList({ links }: { links: readonly string[] }) {
  return (
    <>
      <p className="eyebrow">Shared with a QR code</p>
      <h1 id="viewer-title">Links</h1>
      <p className="viewer__intro">Tap a link to open it. Each one shows the site it goes to.</p>
      <ul className="viewer__links">
        {links.map((link, index) => (
          <li key={index}>
            <a className="viewer__link" href={link} rel="noopener noreferrer">
              <span className="viewer__text">
                <span className="viewer__host">{hostOf(link)}</span>
                <span className="viewer__address">{link}</span>
              </span>
              <ChevronRight className="viewer__arrow" aria-hidden="true" />
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}

const stores = [
  { key: 'appStore', label: 'Download on the App Store' },
  { key: 'googlePlay', label: 'Get it on Google Play' },
] as const;

function AppLinks(links: { appStore: string; googlePlay: string }) {
  return (
    <>
      <p className="eyebrow">Shared with a QR code</p>
      <h1 id="viewer-title">Get the app</h1>
      <p className="viewer__intro">Choose the store of your phone.</p>
      <ul className="viewer__stores">
        {stores.map(({ key, label }) => (
          <li key={key}>
            <a className="button viewer__store" href={links[key]} rel="noopener noreferrer">
              <span className="viewer__store-label">{label}</span>
              <span className="viewer__store-host">{hostOf(links[key])}</span>
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}

function NothingToShow() {
  return (
    <>
      <h1 id="viewer-title">Nothing to show</h1>
      <p className="viewer__intro">
        This link is incomplete or damaged, so there are no links to show. If it came from a QR
        code, try scanning the code again, or ask whoever shared it for a new one.
      </p>
      <Link to={paths.home} className="button">
        Go to the home page
      </Link>
    </>
  );
}

/** The host name a link goes to (links are valid here: decodeViewerFragment checked them). */
const hostOf = (link: string) => new URL(link).hostname;

const subscribe = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
};

/**
 * The address's fragment. hashchange covers a typed or scripted change; the router's location
 * re-renders the page when the app itself moves to another /v# address (pushState fires none).
 */
function useFragment(): string {
  useLocation();
  return useSyncExternalStore(subscribe, () => window.location.hash);
}
