import { useEffect, useRef } from 'react';
import { reducedMotion } from '../../lib/use-media-query';
import {
  MatrixRenderer,
  type MatrixControls,
  type MatrixMessage,
  type MatrixViewport,
} from './matrix-renderer';
import './matrix-background.css';

const RESIZE_DEBOUNCE_MS = 150;

/** Decorative matrix rain behind every page; drawn in a worker where the browser allows it. */
export function MatrixBackground() {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = canvasRef.current;
    return canvas ? attachMatrix(canvas) : undefined;
  }, []);
  return <canvas ref={canvasRef} className="matrix-background" aria-hidden="true" />;
}

/** Wires page events to the renderer; returns the teardown. */
function attachMatrix(canvas: HTMLCanvasElement): () => void {
  const controls = acquireControls(canvas);
  if (!controls) return () => {};

  const motionQuery = window.matchMedia(reducedMotion);
  const onMotionChange = () => controls.setReducedMotion(motionQuery.matches);
  const onVisibilityChange = () => controls.setHidden(document.visibilityState === 'hidden');
  onMotionChange();
  onVisibilityChange();
  motionQuery.addEventListener('change', onMotionChange);
  document.addEventListener('visibilitychange', onVisibilityChange);
  const stopSizing = followSize(canvas, (viewport) => controls.resize(viewport));

  return () => {
    stopSizing();
    motionQuery.removeEventListener('change', onMotionChange);
    document.removeEventListener('visibilitychange', onVisibilityChange);
    releaseControls(canvas);
  };
}

/**
 * Reports the canvas size from a ResizeObserver (no layout reads of our own) and the device
 * pixel ratio from a resolution query, which also catches moves between screens.
 */
function followSize(canvas: HTMLCanvasElement, onResize: (viewport: MatrixViewport) => void) {
  let size: { width: number; height: number } | undefined;
  let debounce: number | undefined;
  let dprQuery: MediaQueryList | undefined;
  const report = () => {
    if (size) onResize({ ...size, dpr: window.devicePixelRatio || 1 });
  };
  const watchDpr = () => {
    dprQuery?.removeEventListener('change', onDprChange);
    dprQuery = window.matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
    dprQuery.addEventListener('change', onDprChange);
  };
  function onDprChange() {
    watchDpr();
    report();
  }
  const observer = new ResizeObserver(([entry]) => {
    if (!entry) return;
    const first = size === undefined;
    size = { width: entry.contentRect.width, height: entry.contentRect.height };
    window.clearTimeout(debounce);
    // The first size draws at once; later ones wait until a window drag settles.
    if (first) report();
    else debounce = window.setTimeout(report, RESIZE_DEBOUNCE_MS);
  });
  observer.observe(canvas);
  watchDpr();
  return () => {
    observer.disconnect();
    window.clearTimeout(debounce);
    dprQuery?.removeEventListener('change', onDprChange);
  };
}

interface Surface {
  readonly controls: MatrixControls;
  disposeTimer?: number;
}

/**
 * A canvas can be handed to a worker only once, and StrictMode runs effects twice on the same
 * canvas, so surfaces outlive a cleanup by a tick and are picked up again by the next setup.
 */
const surfaces = new WeakMap<HTMLCanvasElement, Surface>();

function acquireControls(canvas: HTMLCanvasElement): MatrixControls | null {
  const existing = surfaces.get(canvas);
  if (existing) {
    window.clearTimeout(existing.disposeTimer);
    existing.disposeTimer = undefined;
    return existing.controls;
  }
  const controls = createControls(canvas);
  if (controls) surfaces.set(canvas, { controls });
  return controls;
}

function releaseControls(canvas: HTMLCanvasElement): void {
  const surface = surfaces.get(canvas);
  if (!surface) return;
  surface.disposeTimer = window.setTimeout(() => {
    surface.controls.dispose();
    surfaces.delete(canvas);
  }, 0);
}

function createControls(canvas: HTMLCanvasElement): MatrixControls | null {
  // No 2D canvas at all (jsdom in unit tests): the page background alone is fine.
  if (typeof CanvasRenderingContext2D === 'undefined') return null;
  if (typeof canvas.transferControlToOffscreen === 'function' && typeof Worker === 'function') {
    const controls = createWorkerControls(canvas);
    if (controls) return controls;
  }
  const context = canvas.getContext('2d', { alpha: false });
  return context ? new MatrixRenderer(context) : null;
}

function createWorkerControls(canvas: HTMLCanvasElement): MatrixControls | null {
  let worker: Worker;
  try {
    worker = new Worker(new URL('./matrix.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    // A Content-Security-Policy without worker-src: keep the canvas for the main thread.
    return null;
  }
  const offscreen = canvas.transferControlToOffscreen();
  const post = (message: MatrixMessage, transfer: Transferable[] = []) =>
    worker.postMessage(message, transfer);
  post({ type: 'init', canvas: offscreen }, [offscreen]);
  return {
    resize: (viewport) => post({ type: 'resize', viewport }),
    setHidden: (hidden) => post({ type: 'hidden', hidden }),
    setReducedMotion: (reduced) => post({ type: 'reduced-motion', reduced }),
    dispose: () => worker.terminate(),
  };
}
