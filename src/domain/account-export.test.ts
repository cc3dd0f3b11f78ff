import { describe, expect, it } from 'vitest';
import {
  accountCsv,
  accountCsvColumns,
  accountJson,
  accountJsonText,
  exportFileName,
  personOf,
  type AccountData,
  type LinkFigures,
} from './account-export';
import { UTF8_BOM } from './csv';
import type { LinkView } from './qr/link-policy';
import { memberFields, readMember } from './records/members';
import type { RoleId } from './team';
import type { Invite } from './team-invites';
import { savedCodeFrom, type SavedCode } from './qr/saved-code';
import { ALL_DAYS, sumCounts } from './qr/scan-counts';

const logo =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==';

/** A code as the app reads it back from Firestore. */
function code(id: string, fields: Record<string, unknown>): SavedCode {
  const read = savedCodeFrom(id, {
    type: 'web',
    name: 'Shop window',
    content: { text: { websiteUrl: 'https://kemptoncodeworks.co.za/', qrName: 'Shop window' } },
    design: { pattern: 'dots', patternColor1: '#002D17' },
    logo: null,
    files: [],
    dynamic: false,
    createdAt: new Date('2026-11-01T08:00:00Z'),
    updatedAt: new Date('2026-11-18T14:40:00Z'),
    ...fields,
  });
  if (!read) throw new Error('not a code');
  return read;
}

const link: LinkView = {
  id: 'Ab3dEf5hJk',
  destination: { kind: 'redirect', target: 'https://example.co.za/menu' },
  deleted: false,
  disabled: false,
  locked: false,
  passwordSet: false,
};

const figures: LinkFigures = new Map([
  [
    '2026-11-20',
    sumCounts([
      { scans: 3, unique: 2, qr: 3 },
      { scans: 1, unique: 1, clicks: 1 },
    ]),
  ],
  ['2026-11-24', sumCounts([{ scans: 2, unique: 2, qr: 2, devices: { phone: 2 } }])],
  ['2026-10-01', sumCounts([{ scans: 5, unique: 5 }])],
  [ALL_DAYS, sumCounts([{ scans: 11, unique: 10, qr: 5 }])],
]);

const exportedAt = new Date('2026-11-25T09:30:00Z');

const data = (codes: SavedCode[]): AccountData => ({
  account: {
    uid: 'u1',
    email: 'thandi@example.co.za',
    displayName: 'Thandi',
    signInMethods: ['password'],
  },
  usage: { activeLinks: 1 },
  codes,
  links: new Map([['menu', link]]),
  figures: new Map([[link.id, figures]]),
  orders: [{ id: 'o1', planId: 'monthly', state: 'paid', invoiceNumber: 'INV-000001' }],
  builds: [],
  memberships: [],
  workspace: { members: [], invites: [], history: [] },
  origin: 'https://kemptoncodeworks.co.za',
  exportedAt,
});

const joined = Date.parse('2026-10-02T07:00:00Z');

/** `uid`'s member document in `workspace`, as the page reads it. */
const member = (workspace: string, uid: string, role: RoleId, name: string | null = null) =>
  readMember(workspace, uid, {
    ...memberFields(workspace, uid, role, `${uid}@example.co.za`, joined, role === 'editor', name),
    joinedAt: { toMillis: () => joined },
  })!;

const invite = (email: string | null, fields: Partial<Invite> = {}): Invite => ({
  workspace: 'u1',
  email,
  role: 'viewer',
  invitedBy: 'u1',
  createdAt: Date.parse('2026-11-20T10:00:00Z'),
  expiresAt: Date.parse('2026-12-04T10:00:00Z'),
  revokedAt: null,
  acceptedAt: null,
  ...fields,
});

/** The account of `data`, a member of a café's team and the owner of a workspace with people. */
const withTeams = (codes: SavedCode[]): AccountData => ({
  ...data(codes),
  memberships: [member('cafe', 'u1', 'viewer', 'owner@cafe.co.za')],
  workspace: {
    members: [member('u1', 'sipho', 'editor'), member('u1', 'lindi', 'owner')],
    invites: [
      invite('new@example.co.za', { role: 'editor' }),
      invite(null),
      invite('gone@example.co.za', { revokedAt: Date.parse('2026-11-21T10:00:00Z') }),
      invite('old@example.co.za', { expiresAt: Date.parse('2026-11-24T10:00:00Z') }),
    ],
    history: [
      {
        id: 'h2',
        code: 'menu',
        link: link.id,
        by: 'sipho',
        byEmail: 'sipho@example.co.za',
        at: Date.parse('2026-11-22T09:00:00Z'),
        changes: ['target'],
        from: 'Leads to https://example.co.za/menu',
        to: 'Leads to https://example.co.za/summer',
      },
      {
        id: 'h1',
        code: 'menu',
        link: link.id,
        by: 'u1',
        byEmail: 'thandi@example.co.za',
        at: Date.parse('2026-11-01T09:00:00Z'),
        changes: ['created'],
        from: null,
        to: 'Leads to https://example.co.za/menu',
      },
    ],
  },
});

const menu = code('menu', {
  name: 'Lunch menu',
  dynamic: true,
  logo,
  hosted: {},
  content: { text: { websiteUrl: 'https://example.co.za/menu', qrName: 'Lunch menu' } },
});
const plain = code('plain', {});

/** The CSV's rows as arrays of cells, read as a spreadsheet reads RFC 4180. */
function csvRows(csv: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const text = csv.slice(UTF8_BOM.length);
  for (let at = 0; at < text.length; at += 1) {
    const character = text[at];
    if (quoted) {
      if (character === '"' && text[at + 1] === '"') {
        cell += '"';
        at += 1;
      } else if (character === '"') quoted = false;
      else cell += character;
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      row.push(cell);
      cell = '';
    } else if (character === '\r' && text[at + 1] === '\n') {
      rows.push([...row, cell]);
      row = [];
      cell = '';
      at += 1;
    } else cell += character;
  }
  return rows;
}

describe('accountJson', () => {
  it('holds the account, and every code with its content, design, logo, dates and link', () => {
    const json = accountJson(data([menu, plain]));
    expect(json.exportedAt).toBe('2026-11-25T09:30:00.000Z');
    expect(json.account).toEqual({
      uid: 'u1',
      email: 'thandi@example.co.za',
      displayName: 'Thandi',
      signInMethods: ['password'],
      usage: { activeLinks: 1 },
    });
    const [first, second] = json.codes;
    expect(first).toMatchObject({
      id: 'menu',
      name: 'Lunch menu',
      type: 'web',
      createdAt: '2026-11-01T08:00:00.000Z',
      updatedAt: '2026-11-18T14:40:00.000Z',
      dynamic: true,
      logo,
      content: { text: { websiteUrl: 'https://example.co.za/menu' } },
      shortLink: {
        id: 'Ab3dEf5hJk',
        address: 'https://kemptoncodeworks.co.za/q/Ab3dEf5hJk',
        state: 'active',
        destination: link.destination,
      },
    });
    expect(first.design).toMatchObject({ pattern: 'dots', patternColor1: '#002D17' });
    expect(first.design).not.toHaveProperty('logo');
    expect(second).toMatchObject({ id: 'plain', dynamic: false, shortLink: null, figures: null });
    expect(json.orders).toEqual([
      { id: 'o1', planId: 'monthly', state: 'paid', invoiceNumber: 'INV-000001' },
    ]);
  });

  it('gives a dynamic code its figures of all time and of each day counted, oldest first', () => {
    const [first] = accountJson(data([menu])).codes;
    expect(first.figures?.allTime).toMatchObject({ scans: 11, unique: 10, qr: 5 });
    expect(first.figures?.days.map((day) => [day.date, day.scans, day.unique])).toEqual([
      ['2026-10-01', 5, 5],
      ['2026-11-20', 4, 3],
      ['2026-11-24', 2, 2],
    ]);
    expect(first.figures?.days[2].devices).toEqual({ phone: 2 });
  });

  it('names a retired or switched-off link as such; a link not made yet is none', () => {
    const states = (view: Partial<LinkView>) =>
      accountJson({ ...data([menu]), links: new Map([['menu', { ...link, ...view }]]) }).codes[0]
        .shortLink?.state;
    expect(states({ deleted: true })).toBe('deleted');
    expect(states({ disabled: true, deleted: true })).toBe('switched off');
    const none = accountJson({ ...data([menu]), links: new Map() }).codes[0];
    expect(none).toMatchObject({ shortLink: null, figures: null });
  });

  it('holds the teams the account belongs to, and its own workspace’s people and history', () => {
    const json = accountJson(withTeams([menu]));
    expect(json.memberships).toEqual([
      {
        workspace: 'cafe',
        workspaceName: 'owner@cafe.co.za',
        role: 'viewer',
        ownCodesOnly: false,
        offeredRole: null,
        joinedAt: '2026-10-02T07:00:00.000Z',
      },
    ]);
    expect(json.workspace.members).toEqual([
      {
        uid: 'sipho',
        email: 'sipho@example.co.za',
        role: 'editor',
        ownCodesOnly: true,
        offeredRole: null,
        joinedAt: '2026-10-02T07:00:00.000Z',
      },
      expect.objectContaining({ uid: 'lindi', role: 'owner', email: 'lindi@example.co.za' }),
    ]);
    // Pending invites only (not the withdrawn or the expired one), and nothing of their links.
    expect(json.workspace.pendingInvites).toEqual([
      {
        kind: 'email',
        email: 'new@example.co.za',
        role: 'editor',
        invitedBy: 'u1',
        createdAt: '2026-11-20T10:00:00.000Z',
        expiresAt: '2026-12-04T10:00:00.000Z',
      },
      expect.objectContaining({ kind: 'link', email: null, role: 'viewer' }),
    ]);
    // The history oldest first, with who changed what.
    expect(json.workspace.history.map((entry) => [entry.at, entry.byEmail, entry.changes])).toEqual(
      [
        ['2026-11-01T09:00:00.000Z', 'thandi@example.co.za', ['created']],
        ['2026-11-22T09:00:00.000Z', 'sipho@example.co.za', ['target']],
      ],
    );
    expect(json.workspace.history[1]).toMatchObject({
      code: 'menu',
      link: link.id,
      by: 'sipho',
      from: 'Leads to https://example.co.za/menu',
      to: 'Leads to https://example.co.za/summer',
    });
  });

  it('an account of one person has no memberships and a workspace of nobody else', () => {
    const json = accountJson(data([menu]));
    expect(json.memberships).toEqual([]);
    expect(json.workspace).toEqual({ members: [], pendingInvites: [], history: [] });
  });

  it('holds the account’s custom PC builds, with their steps and thread on ISO dates', () => {
    const at = Date.parse('2026-12-01T08:00:00Z');
    const json = accountJson({
      ...data([menu]),
      builds: [
        {
          id: 'b1',
          number: 1042,
          owner: 'u1',
          customerEmail: 'thandi@example.co.za',
          step: 'quoted',
          purpose: 'gaming',
          budgetCents: 2_500_000,
          mustHaves: 'Quiet',
          likeBuild: null,
          createdAt: at,
          quote: null,
          order: null,
          timeline: [{ step: 'requested', at, note: null, photos: [] }],
          messages: [{ id: 'm1', from: 'customer', text: 'White case?', at }],
          awaitingReply: true,
        },
      ],
    });
    expect(json.builds).toEqual([
      expect.objectContaining({
        number: 1042,
        createdAt: '2026-12-01T08:00:00.000Z',
        timeline: [{ step: 'requested', at: '2026-12-01T08:00:00.000Z', note: null, photos: [] }],
        messages: [
          expect.objectContaining({ text: 'White case?', at: '2026-12-01T08:00:00.000Z' }),
        ],
      }),
    ]);
  });

  it('says who made and last changed each code, as stored', () => {
    const made = code('made', { createdBy: 'sipho', updatedBy: 'u1' });
    expect(accountJson(data([made, plain])).codes.map((c) => [c.createdBy, c.updatedBy])).toEqual([
      ['sipho', 'u1'],
      [null, null],
    ]);
  });

  it('is written as indented JSON that reads back the same', () => {
    const text = accountJsonText(data([menu, plain]));
    expect(text).toContain('\n  "account": {');
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(accountJson(data([menu, plain])))));
  });
});

describe('accountCsv', () => {
  it('has a header and one row per code, with the figures in their own columns', () => {
    const csv = accountCsv(data([menu, plain]));
    expect(csv.startsWith(UTF8_BOM)).toBe(true);
    const [header, ...rows] = csvRows(csv);
    expect(header).toEqual(accountCsvColumns.map((column) => column.header));
    expect(rows).toHaveLength(2);
    const cell = (row: string[], name: string) => row[header.indexOf(name)];
    const [first, second] = rows;
    expect(cell(first, 'code id')).toBe('menu');
    expect(cell(first, 'name')).toBe('Lunch menu');
    expect(cell(first, 'type')).toBe('Website');
    expect(cell(first, 'created')).toBe('2026-11-01T08:00:00.000Z');
    expect(cell(first, 'dynamic')).toBe('yes');
    expect(cell(first, 'short link id')).toBe('Ab3dEf5hJk');
    expect(cell(first, 'short link')).toBe('https://kemptoncodeworks.co.za/q/Ab3dEf5hJk');
    expect(cell(first, 'short link state')).toBe('active');
    expect(cell(first, 'leads to')).toBe('https://example.co.za/menu');
    expect(cell(first, 'scans (all time)')).toBe('11');
    expect(cell(first, 'unique visitors (all time)')).toBe('10');
    // The 30 days up to 25 November: 20 and 24 November, not 1 October.
    expect(cell(first, 'scans (last 30 days)')).toBe('6');
    expect(cell(first, 'last day scanned')).toBe('2026-11-24');
    expect(cell(first, 'made by')).toBe('thandi@example.co.za');
    expect(cell(first, 'has logo')).toBe('yes');
    expect(JSON.parse(cell(first, 'content (JSON)'))).toEqual(menu.content);
    expect(cell(second, 'short link id')).toBe('');
    expect(cell(second, 'scans (all time)')).toBe('0');
    expect(cell(second, 'has logo')).toBe('no');
  });

  it('names each code’s maker by address: a member, or a former member', () => {
    const byMember = code('by-member', { createdBy: 'sipho', updatedBy: 'sipho' });
    const byGone = code('by-gone', { createdBy: 'left', updatedBy: 'left' });
    const [header, ...rows] = csvRows(accountCsv(withTeams([byMember, byGone])));
    const madeBy = header.indexOf('made by');
    expect(rows.map((row) => row[madeBy])).toEqual(['sipho@example.co.za', 'a former member']);
    // One row per code still: the people and the history are the JSON's.
    expect(rows).toHaveLength(2);
  });

  it('quotes what holds a comma or a quote, and keeps typed formulas as text', () => {
    const tricky = code('tricky', { name: '=HYPERLINK("https://evil.example","Click, now")' });
    const csv = accountCsv(data([tricky]));
    expect(csv).toContain(`,"'=HYPERLINK(""https://evil.example"",""Click, now"")",`);
    expect(csvRows(csv)[1][1]).toBe(`'=HYPERLINK("https://evil.example","Click, now")`);
  });
});

describe('personOf', () => {
  it('names the account, a member by address, and anyone else as a former member', () => {
    const teams = withTeams([]);
    expect(personOf(null, teams)).toBe('thandi@example.co.za');
    expect(personOf('u1', teams)).toBe('thandi@example.co.za');
    expect(personOf('sipho', teams)).toBe('sipho@example.co.za');
    expect(personOf('left-long-ago', teams)).toBe('a former member');
  });
});

describe('exportFileName', () => {
  it('names the files by the South African date of the export', () => {
    expect(exportFileName(exportedAt, 'json')).toBe('kempton-qr-data-2026-11-25.json');
    // 23:30 UTC is already the next day in South Africa.
    expect(exportFileName(new Date('2026-11-25T22:30:00Z'), 'csv')).toBe(
      'kempton-qr-data-2026-11-26.csv',
    );
  });
});
