// How a phone's camera sees a printed code, beyond size and focus (blur.ts): held at an angle
// (perspective and a turn) and saved or streamed as a JPEG. Pure pixel work for the scan worker.

/** The eight coefficients of the projective map taking each `from` corner to its `to` corner. */
function homography(
  from: readonly (readonly [number, number])[],
  to: readonly (readonly [number, number])[],
): number[] {
  // Solves A h = b for h = [a b c d e f g h] of u = (ax+by+c)/(gx+hy+1), v = (dx+ey+f)/(gx+hy+1).
  const rows: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i]!;
    const [u, v] = to[i]!;
    rows.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    rows.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  for (let col = 0; col < 8; col++) {
    let pivot = col;
    for (let r = col + 1; r < 8; r++) {
      if (Math.abs(rows[r]![col]!) > Math.abs(rows[pivot]![col]!)) pivot = r;
    }
    [rows[col], rows[pivot]] = [rows[pivot]!, rows[col]!];
    for (let r = 0; r < 8; r++) {
      if (r === col) continue;
      const factor = rows[r]![col]! / rows[col]![col]!;
      for (let c = col; c < 9; c++) rows[r]![c]! -= factor * rows[col]![c]!;
    }
  }
  return rows.map((row, i) => row[8]! / row[i]!);
}

/**
 * The picture as seen by a camera tilted `tiltDegrees` about the code's vertical axis (one side
 * nearer, so larger: perspective, with the camera about 2.5 sides away) and turned
 * `turnDegrees` in its plane, shrunk to fit the same square, on `background`. Bilinear sampling,
 * as a camera's pixels average the print.
 */
export function tilted(
  image: ImageData,
  tiltDegrees: number,
  turnDegrees: number,
  /** The grey around the picture. */
  background: number,
): ImageData {
  const { width: size, data } = image;
  const half = size / 2;
  const tilt = (tiltDegrees * Math.PI) / 180;
  const turn = (turnDegrees * Math.PI) / 180;
  const distance = 2.5 * size;
  const corners = [
    [-half, -half],
    [half, -half],
    [half, half],
    [-half, half],
  ] as const;
  const seen = corners.map(([x, y]) => {
    const depth = distance + x * Math.sin(tilt);
    const px = (distance * x * Math.cos(tilt)) / depth;
    const py = (distance * y) / depth;
    return [px * Math.cos(turn) - py * Math.sin(turn), px * Math.sin(turn) + py * Math.cos(turn)];
  });
  const reach = Math.max(...seen.flat().map(Math.abs));
  const scale = half / reach;
  const target = seen.map(([x, y]) => [half + x! * scale, half + y! * scale] as const);
  const source = corners.map(([x, y]) => [half + x, half + y] as const);
  // From each output pixel back to the picture.
  const [a, b, c, d, e, f, g, h] = homography(target, source) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  // One channel: the scan worker's pictures are grey (R = G = B).
  const at = (x: number, y: number) =>
    x < 0 || y < 0 || x >= size || y >= size ? background : data[(y * size + x) * 4]!;
  const out = new ImageData(size, size);
  const pixels = out.data;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const w = g * (x + 0.5) + h * (y + 0.5) + 1;
      const sx = (a * (x + 0.5) + b * (y + 0.5) + c) / w - 0.5;
      const sy = (d * (x + 0.5) + e * (y + 0.5) + f) / w - 0.5;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      const top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx;
      const bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx;
      const i = (y * size + x) * 4;
      pixels[i] = pixels[i + 1] = pixels[i + 2] = top * (1 - fy) + bottom * fy;
      pixels[i + 3] = 255;
    }
  }
  return out;
}

/** The picture after a round trip through JPEG at `quality` (0..1), as a phone's photo. */
export async function jpegged(image: ImageData, quality: number): Promise<ImageData> {
  const canvas = new OffscreenCanvas(image.width, image.height);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('No 2D canvas in the scan worker.');
  context.putImageData(image, 0, 0);
  const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality });
  const decoded = await createImageBitmap(blob);
  context.drawImage(decoded, 0, 0);
  decoded.close();
  return context.getImageData(0, 0, image.width, image.height);
}
