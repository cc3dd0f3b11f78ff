/**
 * Draws the matrix background off the main thread. Typed against the DOM lib (the project has
 * no WebWorker lib), which is enough for `self.addEventListener` and OffscreenCanvas.
 */
import { MatrixRenderer, applyMatrixMessage, type MatrixMessage } from './matrix-renderer';

let renderer: MatrixRenderer | undefined;

self.addEventListener('message', (event: MessageEvent<MatrixMessage>) => {
  const message = event.data;
  if (message.type === 'init') {
    renderer?.dispose();
    const context = message.canvas.getContext('2d', { alpha: false });
    renderer = context ? new MatrixRenderer(context) : undefined;
    return;
  }
  if (renderer) applyMatrixMessage(renderer, message);
});
