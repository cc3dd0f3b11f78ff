import { describe, expect, it } from 'vitest';
import { asText, csvField, toCsv } from './csv';

describe('csvField and toCsv (RFC 4180)', () => {
  it('leaves plain fields as they are', () => {
    expect(csvField('filtered (bots)')).toBe('filtered (bots)');
    expect(csvField(42)).toBe('42');
    expect(csvField('')).toBe('');
  });

  it('quotes a field with a comma, quote or line break, doubling its quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('the "shop" window')).toBe('"the ""shop"" window"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvField('"')).toBe('""""');
  });

  it('ends every line, the last too, with CRLF', () => {
    expect(
      toCsv([
        ['a', 1],
        ['b,c', 2],
      ]),
    ).toBe('a,1\r\n"b,c",2\r\n');
    expect(toCsv([])).toBe('');
  });
});

describe('the formula guard', () => {
  it('writes text that starts with each character a spreadsheet would run with an apostrophe', () => {
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('+27 11 000 0000')).toBe("'+27 11 000 0000");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@SUM(A1:A9)')).toBe("'@SUM(A1:A9)");
    expect(csvField('\t=1+1')).toBe("'\t=1+1");
    // A return is also a line break, so the guarded field is quoted too.
    expect(csvField('\r=1+1')).toBe(`"'\r=1+1"`);
  });

  it('guards before quoting, so a formula with commas and quotes stays one text cell', () => {
    expect(csvField('=HYPERLINK("https://evil.example","Click, now")')).toBe(
      `"'=HYPERLINK(""https://evil.example"",""Click, now"")"`,
    );
  });

  it('keeps a negative number a number, and guards the same figure written as text', () => {
    expect(csvField(-5)).toBe('-5');
    expect(csvField(-0.25)).toBe('-0.25');
    expect(csvField('-5')).toBe("'-5");
    expect(toCsv([['-5', -5]])).toBe("'-5,-5\r\n");
  });

  it('leaves text that only holds those characters later on as it is', () => {
    for (const text of ['Shop window', '', "It's = fine", '27-11', 'a@b.co.za', ' =1']) {
      expect(asText(text)).toBe(text);
      expect(csvField(text)).toBe(text);
    }
  });

  it('guards once: a guarded cell written again is not guarded twice', () => {
    expect(csvField(asText('=1+1'))).toBe("'=1+1");
  });
});
