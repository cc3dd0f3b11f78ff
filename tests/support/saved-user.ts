// A new account of its own for a test of My QR Codes, with saved codes written straight into the
// Firestore emulator that the test server runs (as the project's owner: the rules do not apply),
// then signed in through the login page as a person would. Each test sees only its own codes.
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { seedFirestore } from '../../scripts/serve/firestore-emulator.mjs';
import { scanDay } from '../../src/domain/qr/scan-time';
import { createUser, projectId, uniqueEmail, type TestUser } from './auth-emulator';
import { ALL_DAYS } from '../../src/domain/qr/scan-counts';
import { accountPath } from '../../src/domain/records/accounts';
import { codePath } from '../../src/domain/records/codes';
import { countShardPath } from '../../src/domain/records/link-counts';
import { linkPath } from '../../src/domain/records/links';
import { memberFields, memberPath } from '../../src/domain/records/members';
import type { RoleId } from '../../src/domain/team';

const config = JSON.parse(
  readFileSync(new URL('../../firebase.json', import.meta.url), 'utf8'),
) as {
  emulators: { firestore: { port: number } };
};

/** The design of the seed's 'Shop window' code: dark on white, which scans. */
const design = {
  frame: 'frame-0',
  frameText: 'Scan me',
  pattern: 'square',
  patternColor1: '#002D17',
  patternGradient: false,
  patternColor2: '#6B5210',
  gradientStyle: 'inverse-diagonal',
  transparentBackground: false,
  backgroundGradient: false,
  backgroundColor1: '#FFFFFF',
  backgroundColor2: '#F6EBC8',
  cornerFrame: 'square',
  cornerFrameColor: '#002D17',
  cornerCentre: 'square',
  cornerCentreColor: '#002D17',
};

export interface SeededCode {
  readonly id: string;
  readonly name: string;
  readonly url: string;
  /** Its last change, as `2026-11-18T14:40:00Z`. */
  readonly updatedAt: string;
  /**
   * A dynamic code's short link: its id, and its figures per South African day as the redirect
   * function counts them (each day's `scans`, and optionally any other count of
   * src/domain/qr/scan-counts.ts); the figures of all time are their sum.
   */
  readonly dynamic?: {
    readonly id: string;
    readonly days: Readonly<Record<string, number | Readonly<Record<string, unknown>>>>;
  };
  /** A dynamic code whose short link the server has not made yet (no `dynamic` then). */
  readonly waitingForLink?: boolean;
}

/** A website code's document, as the app writes one. */
const websiteCode = ({ name, url, updatedAt, dynamic, waitingForLink }: SeededCode) => ({
  type: 'web',
  name,
  content: { text: { websiteUrl: url, qrName: name } },
  design,
  logo: null,
  files: [],
  dynamic: dynamic !== undefined || waitingForLink === true,
  createdAt: { $timestamp: updatedAt },
  updatedAt: { $timestamp: updatedAt },
});

/** The short link document of a dynamic code, as the server (functions/) writes it. */
const shortLink = (uid: string, { id, url, updatedAt }: SeededCode) => ({
  owner: uid,
  code: id,
  // As the server keeps targets: in canonical form.
  target: new URL(url).href,
  deletedAt: null,
  disabled: null,
  createdAt: { $timestamp: updatedAt },
  updatedAt: { $timestamp: updatedAt },
});

/** A link's figures of each day (one shard each) and of all time, as the redirect writes them. */
function countDocuments(uid: string, { id, days }: NonNullable<SeededCode['dynamic']>) {
  const documents: [string, Record<string, unknown>][] = [];
  const all = new Map<string, number>();
  for (const [day, figures] of Object.entries(days)) {
    const counts = typeof figures === 'number' ? { scans: figures } : figures;
    documents.push([countShardPath(id, day, 0), { owner: uid, link: id, day, ...counts }]);
    for (const [key, value] of Object.entries(counts)) {
      if (typeof value === 'number') all.set(key, (all.get(key) ?? 0) + value);
    }
  }
  documents.push([
    countShardPath(id, ALL_DAYS, 0),
    { owner: uid, link: id, day: 'all', ...Object.fromEntries(all) },
  ]);
  return documents;
}

/** Writes website codes for `uid` into the emulator, with the short links of dynamic ones. */
export function seedCodes(uid: string, codes: readonly SeededCode[]) {
  return seedFirestore({
    port: config.emulators.firestore.port,
    projectId,
    documents: Object.fromEntries([
      ...codes.map((code) => [codePath(uid, code.id), websiteCode(code)]),
      ...codes.flatMap((code) =>
        code.dynamic
          ? [
              [linkPath(code.dynamic.id), shortLink(uid, code)],
              ...countDocuments(uid, code.dynamic),
            ]
          : [],
      ),
    ]),
  });
}

/**
 * Signs in on the login page. With `at` (a guarded path), as a person who follows a link there:
 * sent to the login page, and back there once signed in. One page load where signing in on
 * /Login, landing on home and then opening the path took three: about a second of the browser's
 * time in each of the many stories that start this way.
 */
export async function logIn(page: Page, user: TestUser, { at }: { at?: string } = {}) {
  await page.goto(at ?? '/Login');
  if (at) await expect(page).toHaveURL(/\/Login$/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  if (at) await expect(page).toHaveURL(new RegExp(`${at}$`));
  else await expect(page).not.toHaveURL(/\/Login$/);
}

/**
 * A new user with `codes` saved, signed in on `page`, on My QR Codes (or the guarded page `at`).
 * Their email address is verified unless `verified` is false (dynamic codes need it).
 */
export async function userWithCodes(
  page: Page,
  codes: readonly SeededCode[],
  { verified = true, at = '/QR_Dashboard' }: { verified?: boolean; at?: string } = {},
): Promise<TestUser> {
  const user = await createUser({
    email: uniqueEmail('codes'),
    password: 'Codes-pass-1',
    emailVerified: verified,
  });
  await seedCodes(user.uid, codes);
  await logIn(page, user, { at });
  return user;
}

/**
 * The short link document dynamic/{id} as the server holds it (read as the project's owner), with
 * its fields as plain values; null when there is none.
 */
export async function linkDocument(id: string): Promise<Record<string, unknown> | null> {
  const response = await fetch(
    `http://127.0.0.1:${config.emulators.firestore.port}/v1/projects/${projectId}/databases/(default)/documents/dynamic/${id}`,
    { headers: { Authorization: 'Bearer owner' } },
  );
  if (response.status === 404) return null;
  const { fields } = (await response.json()) as { fields: Record<string, Record<string, unknown>> };
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, plain(value)]));
}

/** A REST API value (`{ stringValue: 'x' }`, `{ integerValue: '3' }`...) as a plain one. */
function plain(value: Record<string, unknown>): unknown {
  if ('integerValue' in value) return Number(value.integerValue);
  const [first] = Object.values(value);
  return first;
}

/** Sets what the server counts of an account's short links today (accounts/{uid}). */
export function seedAccount(
  uid: string,
  usage: Partial<{ activeLinks: number; newLinks: number; targetChanges: number }>,
) {
  return seedFirestore({
    port: config.emulators.firestore.port,
    projectId,
    documents: {
      [accountPath(uid)]: {
        activeLinks: 0,
        newLinks: 0,
        targetChanges: 0,
        day: scanDay(new Date()),
        ...usage,
      },
    },
  });
}

/** Sets the account's terms (accounts/{uid}.terms) as the server stores them; times as dates. */
function seedTerms(uid: string, terms: Readonly<Record<string, Date | string>>) {
  return seedFirestore({
    port: config.emulators.firestore.port,
    projectId,
    documents: {
      [accountPath(uid)]: {
        terms: Object.fromEntries(
          Object.entries(terms).map(([key, value]) => [
            key,
            value instanceof Date ? { $timestamp: value.toISOString() } : value,
          ]),
        ),
      },
    },
  });
}

const DAY_MS = 86_400_000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS);

/**
 * Sets when the account's free trial started, `days` ago (accounts/{uid}.terms, as the server
 * stores it at the account's first link): the way to an account whose trial is nearly over, or
 * over. Replaces the account's usage counts.
 */
export const seedTrialStart = (uid: string, days: number) =>
  seedTerms(uid, { trialStartedAt: daysFromNow(-days) });

/**
 * Gives the account a paid plan (as the server stores it when an order is marked paid), running
 * for a month from now: the way to a plan's limits without its EFT story.
 */
export const seedPlan = (uid: string) =>
  seedTerms(uid, {
    trialStartedAt: daysFromNow(-60),
    planId: 'monthly',
    paidUntil: daysFromNow(30),
  });

/**
 * Makes `user` a member of `workspace` in `role`, as the team function stores them when they
 * accept an invite (users/{workspace}/members/{uid}, read by the rules and the functions on every
 * request): the way to a team without its invite and join pages, which have their own story.
 */
export function seedMember(
  workspace: { uid: string; email: string },
  user: { uid: string; email: string },
  role: RoleId,
) {
  return seedFirestore({
    port: config.emulators.firestore.port,
    projectId,
    documents: {
      [memberPath(workspace.uid, user.uid)]: memberFields(
        workspace.uid,
        user.uid,
        role,
        user.email,
        { $timestamp: new Date().toISOString() },
        false,
        workspace.email,
      ),
    },
  });
}

/** The document at `path` as the server holds it (read as the project's owner), or null. */
export async function storedDocument(path: string): Promise<Record<string, unknown> | null> {
  const response = await fetch(
    `http://127.0.0.1:${config.emulators.firestore.port}/v1/projects/${projectId}/databases/(default)/documents/${path}`,
    { headers: { Authorization: 'Bearer owner' } },
  );
  if (response.status === 404) return null;
  const { fields } = (await response.json()) as { fields: Record<string, Record<string, unknown>> };
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, plain(value)]));
}

/** How many documents the collection at `path` holds, as the server lists them (as the owner). */
export async function storedCollectionSize(path: string): Promise<number> {
  let size = 0;
  let pageToken = '';
  do {
    const response = await fetch(
      `http://127.0.0.1:${config.emulators.firestore.port}/v1/projects/${projectId}/databases/(default)/documents/${path}?pageSize=300&mask.fieldPaths=name${pageToken ? `&pageToken=${encodeURIComponent(pageToken)}` : ''}`,
      { headers: { Authorization: 'Bearer owner' } },
    );
    const page = (await response.json()) as { documents?: unknown[]; nextPageToken?: string };
    size += page.documents?.length ?? 0;
    pageToken = page.nextPageToken ?? '';
  } while (pageToken);
  return size;
}
