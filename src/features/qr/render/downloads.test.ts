import { describe, expect, it } from 'vitest';
import { fileBaseName, fileName, rasterSize, svgFile } from './downloads';

describe('download file names', () => {
  it('are the code name, with its extension', () => {
    expect(fileName('My site', 'png')).toBe('My site.png');
    expect(fileName('My site', 'jpeg')).toBe('My site.jpg');
    expect(fileName('Menu – Café Ōsaka', 'pdf')).toBe('Menu – Café Ōsaka.pdf');
  });

  it('fall back to qr-code without a name', () => {
    expect(fileBaseName('')).toBe('qr-code');
    expect(fileBaseName('   ')).toBe('qr-code');
    expect(fileBaseName('...')).toBe('qr-code');
    expect(fileBaseName('/\\:*?')).toBe('qr-code');
  });

  it('lose what file systems refuse', () => {
    expect(fileBaseName('a/b\\c:d*e?f"g<h>i|j')).toBe('a-b-c-d-e-f-g-h-i-j');
    expect(fileBaseName('tab\there\nnew line')).toBe('tab-here-new line');
    expect(fileBaseName('.hidden')).toBe('hidden');
    expect(fileBaseName('ends with dots...  ')).toBe('ends with dots');
    expect(fileBaseName('  lots   of   space ')).toBe('lots of space');
    expect(fileBaseName('CON')).toBe('CON-qr-code');
    expect(fileBaseName('x'.repeat(200))).toHaveLength(80);
  });
});

describe('picture sizes', () => {
  it('keep the aspect ratio, the longer side being the size asked for', () => {
    expect(rasterSize({ width: 410, height: 410 }, 1024)).toEqual({ width: 1024, height: 1024 });
    expect(rasterSize({ width: 410, height: 500 }, 2048)).toEqual({ width: 1679, height: 2048 });
    expect(rasterSize({ width: 600, height: 450 }, 512)).toEqual({ width: 512, height: 384 });
  });
});

describe('the SVG file', () => {
  it('is the markup as it is, behind an XML declaration', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>';
    expect(svgFile(svg)).toBe(`<?xml version="1.0" encoding="UTF-8"?>\n${svg}`);
  });
});
