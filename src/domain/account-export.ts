// "Download my data" on the account page: everything the account holds, read from Firestore on
// the device (the page's reads, data-rights-read.ts) and turned here into two files, a complete
// JSON copy for people and programs, and a CSV with one row per code for a spreadsheet.
//
// The JSON keeps every field as stored (content, design, logo, hosted files, who made and last
// changed each code) plus each short link and its figures by day, the same sums the analysis page
// shows, the account's orders, and its custom PC builds. With teams it also holds the account's memberships of other
// workspaces (which, in which role, since when) and its own workspace's people (its members, with
// their roles and addresses, and the pending invites, without anything of their links) and the
// history of its printed codes: the account holds them as the business whose workspace it is. The
// CSV keeps what fits in a cell, a code a row (with who made it, by address), and leaves the rest
// (the logo's picture, the daily figures, the orders, the people and the history) to the JSON.
import { toCsv, UTF8_BOM, type Field } from './csv';
import { findQrType } from './qr/qr-types';
import type { Destination, LandingPage } from './qr/landing';
import type { LinkView } from './qr/link-policy';
import { ALL_DAYS, emptyCounts, type ScanCounts } from './qr/scan-counts';
import { CHART_DAYS, countsIn, lastDays } from './qr/scan-stats';
import type { SavedCode } from './qr/saved-code';
import { scanDay } from './qr/scan-time';
import { shortLinkUrl } from './qr/short-link';
import type { HistoryEntry } from './records/history';
import type { BuildSummary } from './pc-builds';
import type { Member } from './records/members';
import { isPending, type Invite } from './team-invites';

/** A link's figures by day ('YYYY-MM-DD', or ALL_DAYS for all time), summed over its shards. */
export type LinkFigures = ReadonlyMap<string, ScanCounts>;

/** What the page read of the account, for the files. */
export interface AccountData {
  readonly account: {
    readonly uid: string;
    readonly email: string | null;
    readonly displayName: string | null;
    /** How the account signs in: 'password', 'google.com'. */
    readonly signInMethods: readonly string[];
  };
  /** accounts/{uid} as the server keeps it (usage of the limits, the trial or plan); null: none. */
  readonly usage: Readonly<Record<string, unknown>> | null;
  readonly codes: readonly SavedCode[];
  /** The short links, by the id of the code each belongs to. */
  readonly links: ReadonlyMap<string, LinkView>;
  /** The links' figures, by link id. */
  readonly figures: ReadonlyMap<string, LinkFigures>;
  /** The account's orders and invoices (orders/*), their fields as stored. */
  readonly orders: readonly Readonly<Record<string, unknown>>[];
  /** Its custom PC builds (builds/*): the request, quote, steps and thread, as read. */
  readonly builds: readonly BuildSummary[];
  /** Its member documents in other workspaces: the teams it belongs to. */
  readonly memberships: readonly Member[];
  /** Its own workspace's members, invites (pending or not) and history of printed codes. */
  readonly workspace: {
    readonly members: readonly Member[];
    readonly invites: readonly Invite[];
    readonly history: readonly HistoryEntry[];
  };
  /** Where the site answers, for the short links' addresses. */
  readonly origin: string;
  readonly exportedAt: Date;
}

export type LinkState = 'active' | 'deleted' | 'switched off';

const linkState = (link: LinkView): LinkState =>
  link.disabled ? 'switched off' : link.deleted ? 'deleted' : 'active';

const pageNames: Readonly<Record<LandingPage['kind'], string>> = {
  contact: 'Contact card page',
  business: 'Business page',
  coupon: 'Coupon page',
  links: 'Page of links',
  apps: 'App store page',
  file: 'File page',
};

/** Where a link leads, in a few words: its address, or the page the site shows. */
export const destinationSummary = (destination: Destination): string =>
  destination.kind === 'redirect' ? destination.target : pageNames[destination.page.kind];

/** The design's choices, and its logo apart (a saved code keeps the logo in a field of its own). */
function designOf(code: SavedCode) {
  const { logo, ...design } = code.design;
  return { design, logo: logo ?? code.logo };
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

const isoOf = (millis: number | null) => (millis === null ? null : new Date(millis).toISOString());

/**
 * Who made or last changed a code, by address: the account itself (a code that names nobody was
 * made before the workspace had members), a member, or "a former member" for an account that has
 * left the workspace or been deleted.
 */
export function personOf(uid: string | null, data: Pick<AccountData, 'account' | 'workspace'>) {
  if (uid === null || uid === data.account.uid) return data.account.email ?? 'you';
  return data.workspace.members.find((member) => member.uid === uid)?.email ?? 'a former member';
}

/** Every day counted, oldest first, with its figures. */
const daysOf = (figures: LinkFigures) =>
  [...figures]
    .filter(([day]) => day !== ALL_DAYS)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, counts]) => ({ date, ...counts }));

/** A link's figures of all time: the server's own total, as the analysis page reads it. */
const allTime = (figures: LinkFigures): ScanCounts => figures.get(ALL_DAYS) ?? emptyCounts;

/** The JSON file's object. */
export function accountJson(data: AccountData) {
  const { account, usage, origin, exportedAt } = data;
  return {
    exportedAt: exportedAt.toISOString(),
    account: { ...account, usage },
    codes: data.codes.map((code) => {
      const link = code.dynamic ? data.links.get(code.id) : undefined;
      const figures = (link && data.figures.get(link.id)) ?? new Map<string, ScanCounts>();
      const { design, logo } = designOf(code);
      return {
        id: code.id,
        name: code.name,
        type: code.type,
        createdAt: iso(code.createdAt),
        updatedAt: iso(code.updatedAt),
        dynamic: code.dynamic,
        passwordProtected: code.passwordProtected,
        content: code.content,
        design,
        logo,
        files: code.files,
        hosted: code.hosted,
        createdBy: code.createdBy,
        updatedBy: code.updatedBy,
        shortLink: link
          ? {
              id: link.id,
              address: shortLinkUrl(origin, link.id),
              state: linkState(link),
              passwordSet: link.passwordSet,
              destination: link.destination,
            }
          : null,
        figures: link ? { allTime: allTime(figures), days: daysOf(figures) } : null,
      };
    }),
    orders: data.orders,
    builds: data.builds.map((build) => ({
      ...build,
      createdAt: isoOf(build.createdAt),
      timeline: build.timeline.map((entry) => ({ ...entry, at: isoOf(entry.at) })),
      messages: build.messages.map((message) => ({ ...message, at: isoOf(message.at) })),
    })),
    memberships: data.memberships.map((member) => ({
      workspace: member.workspace,
      workspaceName: member.workspaceName,
      role: member.role,
      ownCodesOnly: member.ownCodesOnly,
      offeredRole: member.offeredRole,
      joinedAt: isoOf(member.joinedAt),
    })),
    workspace: workspaceJson(data),
  };
}

/**
 * The account's own workspace: its people and the history of its printed codes. An invite's link
 * is never stored (only its token's hash, which is not a token either and is left out too), and
 * only pending invites are people still to come.
 */
function workspaceJson({ workspace, exportedAt }: AccountData) {
  return {
    members: workspace.members.map((member) => ({
      uid: member.uid,
      email: member.email,
      role: member.role,
      ownCodesOnly: member.ownCodesOnly,
      offeredRole: member.offeredRole,
      joinedAt: isoOf(member.joinedAt),
    })),
    pendingInvites: workspace.invites
      .filter((invite) => isPending(invite, exportedAt.getTime()))
      .map((invite) => ({
        /** By email to an address, or a link handed to someone. */
        kind: invite.email === null ? 'link' : 'email',
        email: invite.email,
        role: invite.role,
        invitedBy: invite.invitedBy,
        createdAt: isoOf(invite.createdAt),
        expiresAt: isoOf(invite.expiresAt),
      })),
    history: [...workspace.history]
      .sort((a, b) => a.at - b.at)
      .map((entry) => ({
        at: isoOf(entry.at),
        code: entry.code,
        link: entry.link,
        by: entry.by,
        byEmail: entry.byEmail,
        changes: entry.changes,
        from: entry.from,
        to: entry.to,
      })),
  };
}

/** The JSON file's text: indented, for people as well as programs. */
export const accountJsonText = (data: AccountData): string =>
  `${JSON.stringify(accountJson(data), null, 2)}\n`;

interface CsvRow {
  readonly data: AccountData;
  readonly code: SavedCode;
  readonly link: LinkView | undefined;
  readonly figures: LinkFigures;
  /** The last CHART_DAYS days (South African dates) up to the export. */
  readonly recent: readonly string[];
  readonly origin: string;
}

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** The CSV's columns, each once: its header and its cell. */
export const accountCsvColumns: readonly {
  readonly header: string;
  readonly cell: (row: CsvRow) => Field;
}[] = [
  { header: 'code id', cell: ({ code }) => code.id },
  { header: 'name', cell: ({ code }) => code.name },
  { header: 'type', cell: ({ code }) => findQrType(code.type)?.label ?? code.type },
  { header: 'created', cell: ({ code }) => iso(code.createdAt) ?? '' },
  { header: 'last changed', cell: ({ code }) => iso(code.updatedAt) ?? '' },
  { header: 'made by', cell: ({ code, data }) => personOf(code.createdBy, data) },
  { header: 'dynamic', cell: ({ code }) => yesNo(code.dynamic) },
  { header: 'password protected', cell: ({ code }) => yesNo(code.passwordProtected) },
  { header: 'short link id', cell: ({ link }) => link?.id ?? '' },
  { header: 'short link', cell: ({ link, origin }) => (link ? shortLinkUrl(origin, link.id) : '') },
  { header: 'short link state', cell: ({ link }) => (link ? linkState(link) : '') },
  {
    header: 'leads to',
    cell: ({ link }) => (link ? destinationSummary(link.destination) : ''),
  },
  { header: 'scans (all time)', cell: ({ figures }) => allTime(figures).scans },
  { header: 'unique visitors (all time)', cell: ({ figures }) => allTime(figures).unique },
  {
    header: `scans (last ${CHART_DAYS} days)`,
    cell: ({ figures, recent }) => countsIn([figures], recent).scans,
  },
  {
    header: 'last day scanned',
    cell: ({ figures }) =>
      daysOf(figures)
        .filter((day) => day.scans > 0)
        .at(-1)?.date ?? '',
  },
  {
    header: 'hosted files',
    cell: ({ code }) =>
      Object.values(code.hosted)
        .map((file) => file.name)
        .join('; '),
  },
  { header: 'has logo', cell: ({ code }) => yesNo(designOf(code).logo !== null) },
  { header: 'content (JSON)', cell: ({ code }) => JSON.stringify(code.content) },
  { header: 'design (JSON)', cell: ({ code }) => JSON.stringify(designOf(code).design) },
];

/**
 * The CSV file's text: a header row, then one row per code. A name typed as "=..." is written as
 * text, so a spreadsheet never runs it; the JSON keeps every text exactly as stored.
 */
export function accountCsv(data: AccountData): string {
  const recent = lastDays(data.exportedAt, CHART_DAYS);
  const rows = data.codes.map((code) => {
    const link = code.dynamic ? data.links.get(code.id) : undefined;
    const row: CsvRow = {
      data,
      code,
      link,
      figures: (link && data.figures.get(link.id)) ?? new Map(),
      recent,
      origin: data.origin,
    };
    return accountCsvColumns.map((column) => column.cell(row));
  });
  return UTF8_BOM + toCsv([accountCsvColumns.map((column) => column.header), ...rows]);
}

/** "kempton-qr-data-2026-11-25.json": the South African date of the export. */
export const exportFileName = (exportedAt: Date, extension: 'json' | 'csv'): string =>
  `kempton-qr-data-${scanDay(exportedAt)}.${extension}`;
