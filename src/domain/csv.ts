// CSV files for a spreadsheet (RFC 4180: comma separated, CRLF line ends, a field in double quotes
// when it holds a comma, quote or line break, its quotes doubled). Every file the site writes goes
// through here, so none of them can carry a formula into someone's spreadsheet.

/** A cell: text, or a number a spreadsheet reads as a number. */
export type Field = string | number;

/** Excel reads a CSV as UTF-8 (names with é, emoji) only when it starts with this mark. */
export const UTF8_BOM = '\uFEFF';

/**
 * Text a spreadsheet would run as a formula (it starts with =, +, -, @, a tab or a return) gets an
 * apostrophe in front, which spreadsheets show as text (OWASP's advice on CSV injection): a code
 * named "=HYPERLINK(...)" stays a name, and "-5" typed as text stays text.
 */
export const asText = (text: string): string => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/**
 * One field as written in a CSV file. Text is guarded by asText; a number is written as it is, so
 * a negative figure is still a number the spreadsheet can add up.
 */
export function csvField(value: Field): string {
  const text = typeof value === 'number' ? String(value) : asText(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows as a CSV file's text: each row a line ended by CRLF. */
export const toCsv = (rows: readonly (readonly Field[])[]): string =>
  rows.map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
