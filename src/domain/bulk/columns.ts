// The columns of a bulk sheet for a QR type, read from the type registry (qr-types.ts), so a
// type's sheet asks for exactly what its content form asks for, under the same labels: its own
// text fields, one column per entry of a list, and, for dynamic codes, the schedule every form
// has. Three columns of the sheet's own come first: `id` (the person's own key for a row, so the
// same sheet uploaded again updates its codes), `Name` (the code's name in My QR Codes) and
// `File name` (what its files are called in the ZIP).
//
// The password is not a column: a sheet is mailed around and kept in shared folders, which is no
// place for passwords. A code that needs one gets it in My QR Codes.
import {
  commonSections,
  contentItems,
  listFields,
  textFields,
  type TextFieldId,
} from '../qr/content';
import type { FieldSpec } from '../form';
import { canBeDynamic } from '../qr/dynamic';
import { qrTypes, type QrType, type QrTypeId } from '../qr/qr-types';

export interface BulkColumn {
  /** What the row's values are keyed by: 'id', 'name', 'fileName', a text field, or 'links.0'. */
  readonly id: string;
  /** The column's name as the template writes it, and the mapping shows it. */
  readonly header: string;
  readonly required: boolean;
  /** A value the template's example row holds, valid for the field. */
  readonly example: string;
}

/** The sheet's own columns, before the type's. */
export const KEY_COLUMN = 'id';
export const NAME_COLUMN = 'name';
export const FILE_NAME_COLUMN = 'fileName';

const ownColumns: readonly BulkColumn[] = [
  { id: KEY_COLUMN, header: 'id', required: false, example: 'table-1' },
  { id: NAME_COLUMN, header: 'Name', required: false, example: 'Table 1' },
  { id: FILE_NAME_COLUMN, header: 'File name', required: false, example: 'table-1' },
];

/** The common fields a sheet never has: the name is its own column, the password is left out. */
const notColumns: ReadonlySet<string> = new Set(['qrName', 'password']);

/** The schedule's fields (every form's), which only a dynamic code uses. */
const scheduleFields: ReadonlySet<string> = new Set(
  commonSections
    .flatMap((entry) => entry.items.map((item) => item.id))
    .filter((id) => !notColumns.has(id)),
);

/**
 * The types a sheet can make: those whose content is all text. A file type's file is uploaded in
 * the wizard, where it is checked and hosted; a sheet can point a Website code at a file's address.
 */
export const bulkTypes: readonly QrType[] = qrTypes.filter((type) =>
  contentItems(type).every((item) => item.kind !== 'file'),
);

export const isBulkType = (id: unknown): id is QrTypeId => bulkTypes.some((type) => type.id === id);

/** Examples by what a field asks for (its input kind or its autocomplete), for the template. */
const examples: Readonly<Record<string, string>> = {
  url: 'https://www.example.co.za',
  email: 'sales@example.co.za',
  tel: '011 555 0123',
  date: '2027-01-31',
  number: '27',
  'given-name': 'Thandi',
  'family-name': 'Mokoena',
  organization: 'Kempton Computers',
  'organization-title': 'Manager',
  'street-address': '12 Voortrekker Road',
  'address-level2': 'Kempton Park',
  'postal-code': '1619',
  'country-name': 'South Africa',
};

/** A valid example of a field, for the template's example row. */
function exampleOf(spec: FieldSpec): string {
  if (spec.suggestions?.length) return spec.suggestions.at(-1)!;
  // A placeholder shows the form of a value ('https://apps.apple.com/…'): filled in, it is one.
  if (spec.placeholder && spec.placeholder !== 'https://') {
    return spec.placeholder.replace('…', 'example');
  }
  const example =
    examples[spec.autoComplete ?? ''] ??
    examples[spec.input] ??
    `Example ${spec.label.toLowerCase()}`;
  return example.slice(0, spec.maxLength);
}

/** A field's column, `id` keyed as the content form keys it. */
const fieldColumn = (id: string, spec: FieldSpec, header = spec.label): BulkColumn => ({
  id,
  header,
  required: spec.required,
  example: exampleOf(spec),
});

/**
 * The columns of a sheet of `type` codes: the sheet's own, then the type's fields in the form's
 * order, then (dynamic codes only) the schedule.
 */
export function bulkColumns(type: QrType, dynamic: boolean): BulkColumn[] {
  const columns = [...ownColumns];
  for (const item of contentItems(type)) {
    if (item.kind === 'list') {
      const spec = listFields[item.id];
      for (let index = 0; index < spec.max; index += 1) {
        const column = fieldColumn(
          `${item.id}.${index}`,
          spec.item,
          `${spec.item.label} ${index + 1}`,
        );
        // The first entry is the list's least; the others may stay empty.
        columns.push({ ...column, required: column.required && index < spec.min });
      }
    } else if (item.kind === 'text' && !notColumns.has(item.id)) {
      const schedule = scheduleFields.has(item.id);
      if (schedule && !(dynamic && canBeDynamic(type.id))) continue;
      columns.push(fieldColumn(item.id, textFields[item.id as TextFieldId]));
    }
  }
  return columns;
}

/** A column's name as compared: letters and digits only, in lower case ("Website URL" = "websiteurl"). */
export const foldedHeader = (header: string) =>
  header
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** Other names a sheet may give the sheet's own columns. */
const otherNames: Readonly<Record<string, readonly string[]>> = {
  [KEY_COLUMN]: ['key', 'yourid', 'ownid', 'ref', 'reference', 'sku'],
  [NAME_COLUMN]: ['codename', 'qrname', 'nameoftheqrcode', 'title'],
  [FILE_NAME_COLUMN]: ['file', 'filename', 'filenames'],
};

/** The sheet's column (its index) that each column reads, or null for none. */
export type ColumnMapping = Readonly<Record<string, number | null>>;

/**
 * The columns matched by name: a header equal (ignoring case, spaces and punctuation) to a
 * column's header, its id or one of its other names. Each header serves one column at most, the
 * first that names it; the rest are left for the person to choose.
 */
export function matchColumns(
  headers: readonly string[],
  columns: readonly BulkColumn[],
): ColumnMapping {
  const folded = headers.map(foldedHeader);
  const taken = new Set<number>();
  const mapping: Record<string, number | null> = {};
  for (const column of columns) {
    const names = [column.header, column.id, ...(otherNames[column.id] ?? [])].map(foldedHeader);
    const index = folded.findIndex(
      (header, at) => !taken.has(at) && header !== '' && names.includes(header),
    );
    mapping[column.id] = index >= 0 ? index : null;
    if (index >= 0) taken.add(index);
  }
  return mapping;
}

/** The name a problem's column goes by (its template header); null for a problem of the whole row. */
export const columnHeader = (columns: readonly BulkColumn[], id: string | null): string | null =>
  id === null ? null : (columns.find((column) => column.id === id)?.header ?? id);

/** The required columns the mapping leaves without a sheet column. */
export const unmappedRequired = (columns: readonly BulkColumn[], mapping: ColumnMapping) =>
  columns.filter((column) => column.required && mapping[column.id] == null);

/** The values of one row by column id, as the mapping reads them from its cells. */
export function rowValues(
  cells: readonly string[],
  columns: readonly BulkColumn[],
  mapping: ColumnMapping,
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const column of columns) {
    const index = mapping[column.id];
    values[column.id] = index == null ? '' : (cells[index] ?? '').trim();
  }
  return values;
}
