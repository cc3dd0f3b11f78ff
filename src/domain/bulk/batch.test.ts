import { describe, expect, it } from 'vitest';
import { standingOf } from '../billing';
import { parseBlocklist } from '../qr/blocklist';
import { defaultDesign } from '../qr/design';
import { PLAN_LINK_LIMITS, usageOn } from '../qr/link-policy';
import { findQrType, qrTypes, type QrType } from '../qr/qr-types';
import { SAVED_CODES_MAX } from '../qr/saved-code';
import { checkSheet, planBatch, type WorkspaceFacts } from './batch';
import {
  bulkColumns,
  bulkTypes,
  matchColumns,
  unmappedRequired,
  type ColumnMapping,
} from './columns';
import { batchRowCodeId, keyedCodeId } from './ids';
import { BULK_ROWS } from './limits';
import { checkRow, rowSetsKey, type BatchLook } from './rows';

const web = findQrType('web')!;
const vcard = findQrType('vcard')!;
const linklist = findQrType('linklist')!;
const DAY = 86_400_000;
const NOW = Date.parse('2026-12-05T10:00:00Z');

const look = (type: QrType, dynamic = false): BatchLook => ({
  type,
  dynamic,
  design: { ...defaultDesign, logo: null },
  origin: 'https://kempton.example',
  blocklist: parseBlocklist('blocked.example\n'),
});

const sheetOf = (rows: string[][]) => ({
  rows,
  rowNumbers: rows.map((_, index) => index + 2),
});

describe('the columns of a type', () => {
  it('are the sheet’s own, then the type’s fields under the form’s labels; no password', () => {
    expect(bulkColumns(web, false).map((column) => column.header)).toEqual([
      'id',
      'Name',
      'File name',
      'Website URL',
    ]);
    const dynamic = bulkColumns(web, true).map((column) => column.id);
    expect(dynamic).toContain('activeUntil');
    expect(dynamic).not.toContain('password');
    expect(
      bulkColumns(linklist, false).filter((column) => column.id.startsWith('links.')),
    ).toHaveLength(20);
  });

  it('leave out the types whose content is a file', () => {
    expect(bulkTypes.map((type) => type.id)).not.toEqual(expect.arrayContaining(['pdf']));
    expect(bulkTypes.length).toBe(qrTypes.length - 5);
  });

  it('are matched by header, ignoring case, spaces and punctuation, each header once', () => {
    const columns = bulkColumns(vcard, false);
    const mapping = matchColumns(
      [
        'Key',
        'FIRST NAME',
        'last_name',
        'E-mail',
        'Email',
        'Phone',
        'Website',
        'Company',
        'Job title',
        'Street address',
        'City',
        'Postal code',
        'Country',
        'Notes',
      ],
      columns,
    );
    expect(mapping).toMatchObject({
      id: 0,
      vcardFirstName: 1,
      vcardLastName: 2,
      vcardEmail: 3,
      vcardPhone: 5,
    });
    expect(mapping.name).toBeNull();
    expect(unmappedRequired(columns, mapping)).toEqual([]);
    expect(
      unmappedRequired(columns, { ...mapping, vcardEmail: null }).map((column) => column.header),
    ).toEqual(['Email']);
  });

  it('hold a valid example row for every type (the template’s)', () => {
    for (const type of bulkTypes) {
      const columns = bulkColumns(type, false);
      const values = Object.fromEntries(columns.map((column) => [column.id, column.example]));
      expect(checkRow(look(type), columns, values).problems, type.id).toEqual([]);
    }
  });
});

describe('a sheet checked', () => {
  const columns = bulkColumns(web, true);
  const mapping: ColumnMapping = matchColumns(['id', 'Name', 'Website URL'], columns);

  it('flags bad rows with their column and message, repeated ids and repeated rows', () => {
    const rows = checkSheet(
      sheetOf([
        ['a', 'Menu', 'https://example.co.za/menu'],
        ['b', 'Broken', 'not a web address'],
        ['a', 'Again', 'https://example.co.za/other'],
        ['', 'Twice', 'https://example.co.za/x'],
        ['', 'Twice', 'https://example.co.za/x'],
        ['c', 'Bad site', 'https://www.blocked.example/page'],
      ]),
      columns,
      mapping,
      look(web, true),
      'batch-1',
    );
    expect(rows.map((row) => row.fields !== null)).toEqual([
      true,
      false,
      false,
      true,
      false,
      false,
    ]);
    expect(rows[1]!.problems[0]).toMatchObject({ column: 'websiteUrl' });
    expect(rows[2]!.problems[0]).toMatchObject({
      column: 'id',
      message: expect.stringContaining('row 2'),
    });
    expect(rows[4]!.problems[0]!.message).toContain('repeats row 5');
    expect(rows[5]!.problems[0]!.message).toMatch(/harmful or abused/);
    expect(rows[0]!.codeId).toBe(keyedCodeId('a'));
    expect(rows[3]!.codeId).toBe(batchRowCodeId('batch-1', 3));
  });

  it('says when a static code’s content is too long for any code, and the fix', () => {
    const long = `https://example.co.za/${'a'.repeat(3000)}`;
    const { problems } = checkRow(look(web), bulkColumns(web, false), { websiteUrl: long });
    // The URL field's own limit speaks first; a vCard's many fields can overflow together.
    expect(problems).not.toEqual([]);
  });
});

describe('a batch’s plan', () => {
  const columns = bulkColumns(web, true);
  const mapping = matchColumns(['id', 'Name', 'Website URL'], columns);
  const rows = (count: number) =>
    checkSheet(
      sheetOf(
        Array.from({ length: count }, (_, n) => [
          `t${n}`,
          `Table ${n}`,
          `https://example.co.za/${n}`,
        ]),
      ),
      columns,
      mapping,
      look(web, true),
      'b',
    );
  const trial = standingOf({ trialStartedAt: NOW - DAY, planId: null, paidUntil: null }, NOW);
  const plan = standingOf(
    { trialStartedAt: NOW - 60 * DAY, planId: 'monthly', paidUntil: NOW + DAY },
    NOW,
  );
  const facts = (extra: Partial<WorkspaceFacts> = {}): WorkspaceFacts => ({
    standing: plan,
    codeCount: 0,
    usage: usageOn(undefined, '2026-12-05'),
    codes: new Map(),
    ...extra,
  });

  it('counts what it creates, what it updates and what it leaves as it is', () => {
    const checked = rows(5);
    const codes = new Map([
      [keyedCodeId('t1'), 'another destination'],
      [keyedCodeId('t3'), rowSetsKey(checked[3]!.fields!)],
    ]);
    expect(planBatch(checked, facts({ codes }), true)).toMatchObject({
      rows: 5,
      good: 5,
      creates: 3,
      updates: 1,
      unchanged: 1,
      limits: [],
    });
  });

  it('refuses a trial’s batch over its rows, and a trial’s day of new links', () => {
    const limits = planBatch(rows(BULK_ROWS.trial + 1), facts({ standing: trial }), true).limits;
    expect(limits[0]).toContain(`at most ${BULK_ROWS.trial} codes`);
    expect(limits.some((message) => message.includes('more can be made today'))).toBe(true);
  });

  it('refuses a batch that would pass the codes a workspace keeps', () => {
    const { limits } = planBatch(rows(3), facts({ codeCount: SAVED_CODES_MAX - 2 }), false);
    expect(limits).toHaveLength(1);
  });

  it('with a plan, a full batch fits the day’s new links and the links a workspace may have', () => {
    expect(PLAN_LINK_LIMITS.newLinksPerDay).toBe(BULK_ROWS.plan);
    expect(PLAN_LINK_LIMITS.activeLinks).toBe(SAVED_CODES_MAX);
    expect(planBatch(rows(BULK_ROWS.plan), facts(), true).limits).toEqual([]);
  });
});

describe('what a row sets of a code', () => {
  it('is the same for a row and the code it made, and differs when the row changes', () => {
    const columns = bulkColumns(web, false);
    const made = checkRow(look(web), columns, { name: 'A', websiteUrl: 'example.co.za' }).fields!;
    const same = checkRow(look(web), columns, {
      name: 'A',
      websiteUrl: 'https://example.co.za',
    }).fields!;
    const other = checkRow(look(web), columns, {
      name: 'A',
      websiteUrl: 'https://example.co.za/b',
    }).fields!;
    expect(rowSetsKey(made)).toBe(rowSetsKey(same));
    expect(rowSetsKey(made)).not.toBe(rowSetsKey(other));
  });
});
