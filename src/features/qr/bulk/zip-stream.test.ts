import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { zipBuilder } from './zip-stream';

const concat = (chunks: Uint8Array[]) => {
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
};

describe('the bulk ZIP', () => {
  const svg = new TextEncoder().encode(`<svg>${'<rect x="1" y="2"/>'.repeat(500)}</svg>`);
  const png = Uint8Array.from({ length: 4000 }, (_, index) => (index * 7919) % 251);

  it('holds each file as given, PNGs stored and the rest deflated', () => {
    const builder = zipBuilder();
    builder.add('Table 1.png', png);
    builder.add('Table 1.svg', svg);
    builder.add('Café Ōsaka.svg', svg);
    const zip = concat(builder.end());

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

  it('refuses a second file of the same name, which unpacking would lose', () => {
    const builder = zipBuilder();
    builder.add('menu.png', png);
    expect(() => builder.add('Menu.PNG', png)).toThrow(
      'Two files in the ZIP would be named Menu.PNG.',
    );
  });
});
