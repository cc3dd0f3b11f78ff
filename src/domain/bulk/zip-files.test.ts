import { describe, expect, it } from 'vitest';
import { storedInZip, uniqueFileNames } from './zip-files';

describe('unique file names', () => {
  it('number repeats before the extension', () => {
    expect(uniqueFileNames(['menu.png', 'menu.png', 'menu.png', 'bar.png'])).toEqual([
      'menu.png',
      'menu-2.png',
      'menu-3.png',
      'bar.png',
    ]);
    expect(uniqueFileNames(['Table 1', 'Table 1', 'Table 2'])).toEqual([
      'Table 1',
      'Table 1-2',
      'Table 2',
    ]);
  });

  it('treat names differing only in letter case as the same, as Windows and macOS do', () => {
    expect(uniqueFileNames(['Menu.png', 'menu.PNG', 'MENU'])).toEqual([
      'Menu.png',
      'menu-2.png',
      'MENU',
    ]);
  });

  it('leave a name given as it is to the row that gave it', () => {
    expect(uniqueFileNames(['menu', 'menu', 'menu-2'])).toEqual(['menu', 'menu-3', 'menu-2']);
  });

  it('are made safe as a download is named', () => {
    expect(uniqueFileNames(['a/b: c?.svg', '', '  ', '.hidden', 'CON', 'con.png'])).toEqual([
      'a-b- c-.svg',
      'qr-code',
      'qr-code-2',
      'hidden',
      'CON-qr-code',
      'con-qr-code.png',
    ]);
    // Not an extension: no letter, or a space.
    expect(uniqueFileNames(['Price list 2.0', 'Price list 2.0', 'Mr. Smith', 'Mr. Smith'])).toEqual(
      ['Price list 2.0', 'Price list 2.0-2', 'Mr. Smith', 'Mr. Smith-2'],
    );
  });

  it('stay within the longest name a download has, numbered or not', () => {
    const long = 'x'.repeat(200);
    const [first, second] = uniqueFileNames([`${long}.pdf`, `${long}.pdf`]);
    expect(first).toBe(`${'x'.repeat(80)}.pdf`);
    expect(second).toBe(`${'x'.repeat(78)}-2.pdf`);
  });

  it('stay quick for many repeats', () => {
    const names = uniqueFileNames(Array.from({ length: 5000 }, () => 'menu'));
    expect(new Set(names).size).toBe(5000);
    expect(names[4999]).toBe('menu-5000');
  });
});

describe('what the ZIP stores as it is', () => {
  it('stores pictures that are compressed already, and deflates text and PDFs', () => {
    expect(storedInZip('menu.png')).toBe(true);
    expect(storedInZip('png/Menu.PNG')).toBe(true);
    expect(storedInZip('menu.jpg')).toBe(true);
    expect(storedInZip('menu.svg')).toBe(false);
    expect(storedInZip('menu.pdf')).toBe(false);
    expect(storedInZip('codes.csv')).toBe(false);
    expect(storedInZip('README')).toBe(false);
    expect(storedInZip('png.d/readme')).toBe(false);
  });
});
