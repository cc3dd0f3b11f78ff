import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { zipBuilder } from './zip-stream';

describe('the bulk ZIP', () => {
  const svg = new TextEncoder().encode(`<svg>${'<rect x="1" y="2"/>'.repeat(500)}</svg>`);
  const png = Uint8Array.from({ length: 4000 }, (_, index) => (index * 7919) % 251);

  it('holds each file as given, PNGs stored and the rest deflated', async () => {
    const builder = zipBuilder();
    builder.add('Table 1.png', png);
    builder.add('Table 1.svg', svg);
    builder.add('Café Ōsaka.svg', svg);
    const blob = builder.end();
    expect(blob.type).toBe('application/zip');
    const zip = new Uint8Array(await blob.arrayBuffer());

    const methods: Record<string, number> = {};
    const files = unzipSync(zip, {
      filter: (file) => {
        methods[file.name] = file.compression;
        return true;
      },
    });
    expect(Object.keys(files)).toEqual(['Table 1.png', 'Table 1.svg', 'Café Ōsaka.svg']);
    expect(files['Table 1.png']).toEqual(png);
    expect(files['Café Ōsaka.svg']).toEqual(svg);
    // 0: stored, 8: deflated.
    expect(methods).toEqual({ 'Table 1.png': 0, 'Table 1.svg': 8, 'Café Ōsaka.svg': 8 });
    expect(zip.length).toBeLessThan(png.length + svg.length);
  });

  it('stays whole when it grows past the pieces it is gathered in', async () => {
    const large = Uint8Array.from({ length: 9 * 1024 * 1024 }, (_, index) => index % 253);
    const builder = zipBuilder();
    builder.add('large.png', large);
    builder.add('after.svg', svg);
    const files = unzipSync(new Uint8Array(await builder.end().arrayBuffer()));
    // Compared byte by byte: toEqual's diff of nine million numbers takes a minute.
    const unpacked = files['large.png'];
    expect(unpacked.length).toBe(large.length);
    expect(unpacked.every((byte, index) => byte === large[index])).toBe(true);
    expect(files['after.svg']).toEqual(svg);
  });

  it('refuses a second file of the same name, which unpacking would lose', () => {
    const builder = zipBuilder();
    builder.add('menu.png', png);
    expect(() => builder.add('Menu.PNG', png)).toThrow(
      'Two files in the ZIP would be named Menu.PNG.',
    );
  });
});
