// The soft focus of the scan check's 'small-blurred' case, applied in the scan worker (pure pixel
// work, kept off the main thread).

/**
 * A true Gaussian blur over RGBA (separable, edges clamped), rather than the canvas `filter`:
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
  const weights = kernel.map((k) => k / total);
  const { width, height, data } = pixels;
  const pass = (source: Uint8ClampedArray, target: Uint8ClampedArray, horizontal: boolean) => {
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        for (let c = 0; c < 4; c++) {
          let sum = 0;
          for (let k = -radius; k <= radius; k++) {
            const sx = horizontal ? Math.min(width - 1, Math.max(0, x + k)) : x;
            const sy = horizontal ? y : Math.min(height - 1, Math.max(0, y + k));
            sum += source[(sy * width + sx) * 4 + c] * weights[k + radius];
          }
          target[(y * width + x) * 4 + c] = sum;
        }
      }
    }
  };
  const temp = new Uint8ClampedArray(data.length);
  pass(data, temp, true);
  pass(temp, data, false);
}
