import { Component, type ReactNode } from 'react';
import { ChunkLoadError } from './lazy-page';

interface Props {
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/** Keeps a failing page inside the layout with a way forward, never a blank screen. */
export class RouteErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const offline = !navigator.onLine;
    return (
      <section className="page page--narrow route-error" aria-labelledby="route-error-title">
        <h1 id="route-error-title">
          {error instanceof ChunkLoadError
            ? 'This page could not be loaded'
            : 'Something went wrong'}
        </h1>
        <p className="lead">
          {offline
            ? 'You appear to be offline, and this page has not been saved for offline use yet. Reconnect and try again.'
            : 'Please try again. If it keeps happening, let us know through the contact page.'}
        </p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Try again
        </button>
      </section>
    );
  }
}
