import { describe, expect, it } from 'vitest';
import { buildNumberFromPath, wrapIndex } from './gallery';

describe('buildNumberFromPath', () => {
  it.each([
    ['/gallery/build-1.webp', '1'],
    ['/gallery/build-6.webp', '6'],
    ['/gallery/Build_12.JPG', '12'],
    ['build-07.avif', '7'],
    ['/assets/2024/build-15.webp', '15'],
    ['/gallery/pc-3-final-9.png?v=2', '9'],
    ['https://cdn.example/pcs/build-42.webp#top', '42'],
  ])('reads the number in %s as %s', (path, expected) => {
    expect(buildNumberFromPath(path)).toBe(expected);
  });

  it.each(['/gallery/showcase.webp', '/2024/build.webp', '', 'build-.webp'])(
    'answers "?" when the file name %j carries no number',
    (path) => {
      expect(buildNumberFromPath(path)).toBe('?');
    },
  );
});

describe('wrapIndex', () => {
  it('moves forward and back inside the ring', () => {
    expect(wrapIndex(2, 1, 6)).toBe(3);
    expect(wrapIndex(2, -1, 6)).toBe(1);
  });

  it('wraps past the last item to the first and before the first to the last', () => {
    expect(wrapIndex(5, 1, 6)).toBe(0);
    expect(wrapIndex(0, -1, 6)).toBe(5);
  });

  it('survives an empty ring', () => {
    expect(wrapIndex(0, 1, 0)).toBe(0);
  });
});
