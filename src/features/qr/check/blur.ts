// The soft focus of the scan check's 'small-blurred' case, applied in the scan worker (pure pixel
// work, kept off the main thread).

/**
 * A true Gaussian blur of a grey picture (separable, edges clamped), rather than the canvas `filter`:
 * Chromium's CPU canvas (which `willReadFrequently` selects) approximates `blur()` by three box
 * blurs of whole-pixel width, so any blur under 0.8 px does nothing and 0.8 to 1.3 px are the
 * same; older Safari has no canvas filter at all. This gives every browser the same pixels, in
 * a few milliseconds at 160 px.
 */
export function gaussianBlur(pixels: ImageData, sigma: number) {
  const radius = Math.ceil(sigma * 3);
  const kernel = Array.from({ length: radius * 2 + 1 }, (_, i) =>
    Math.exp(-((i - radius) ** 2) / (2 * sigma * sigma)),
  );
  const total = kernel.reduce((a, b) => a + b, 0);
  const weights = Float32Array.from(kernel, (k) => k / total);
  const { width, height, data } = pixels;
  // The scan worker's pictures are grey (R = G = B): one channel is blurred, then copied.
  const grey = new Float32Array(width * height);
  for (let i = 0; i < grey.length; i++) grey[i] = data[i * 4]!;
  const temp = new Float32Array(grey.length);
  const pass = (source: Float32Array, target: Float32Array, horizontal: boolean) => {
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        let sum = 0;
        for (let k = -radius; k <= radius; k++) {
          const sx = horizontal ? Math.min(width - 1, Math.max(0, x + k)) : x;
          const sy = horizontal ? y : Math.min(height - 1, Math.max(0, y + k));
          sum += source[sy * width + sx]! * weights[k + radius]!;
        }
        target[y * width + x] = sum;
      }
    }
  };
  pass(grey, temp, true);
  pass(temp, grey, false);
  for (let i = 0; i < grey.length; i++) data[i * 4] = data[i * 4 + 1] = data[i * 4 + 2] = grey[i]!;
}
