// docs/qr-design.md says what adding a design option takes; this holds it to the code: every file
// it names exists, every "`name` in `file`" is declared there, and its numbers are the lists'.
import { describe, expect, it } from 'vitest';
import doc from '../../../docs/qr-design.md?raw';
import {
  cornerCentres,
  cornerFrames,
  frameLabelPositions,
  frameOutlines,
  frames,
  gradientStyles,
  patterns,
} from './design';

/** The project's source files, by path from its root ('src/...'), read when asked. */
const sources = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>(['/src/**/*.{ts,tsx}', '/tests/**/*.ts', '/functions/src/**/*.ts'], {
      query: '?raw',
      import: 'default',
    }),
  ).map(([path, read]) => [path.slice(1), read]),
);
const paths = [...doc.matchAll(/`((?:src|tests|functions)\/[\w./-]+)`/g)].map((match) => match[1]!);

/** A path as the page writes it: whole, or a file name another mention gives in full. */
const fullPath = (path: string) =>
  path.includes('/') ? path : paths.find((p) => p.endsWith(`/${path}`));

describe('docs/qr-design.md', () => {
  it('names files that exist', () => {
    expect(paths.length).toBeGreaterThan(10);
    for (const path of paths) expect(sources[path], path).toBeDefined();
  });

  it('names each table or function in the file that declares it', async () => {
    const mentions = [...doc.matchAll(/`(\w+)` in `([\w./-]+)`/g)];
    expect(mentions.length).toBeGreaterThan(10);
    for (const [, name, path] of mentions) {
      const file = fullPath(path!);
      expect(file, path).toBeDefined();
      const source = await sources[file!]!();
      expect(source, `${name} in ${file}`).toMatch(
        new RegExp(`(const|function|type|interface) ${name}\\b`),
      );
    }
  });

  it('gives the numbers of the lists', () => {
    expect(doc).toContain(
      `offers ${frames.length} frames, ${patterns.length} patterns, ${cornerFrames.length} corner frames, ${cornerCentres.length} corner centres`,
    );
    expect(doc.replace(/\s+/g, ' ')).toContain(`gradient in ${gradientStyles.length} styles`);
    expect(doc).toContain(
      `${frameOutlines.length} outlines × ${frameLabelPositions.length} positions make the ${frames.length}`,
    );
  });
});
