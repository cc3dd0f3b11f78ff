// The company's switch for short links (scripts/admin/link-admin.mjs), run as the company runs it: a
// child process of Node, here against the Firestore emulator of `npm run test:rules`, while the
// redirect's handler answers scans (servers.ts, which reads links afresh at every scan). The child
// runs under the loopback guard with a log of its own: the script must never dial Google's
// metadata server when it works on an emulator.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { Timestamp } from '../../functions/src/admin';
import { LINK_ID } from '../../src/domain/qr/short-link';
import { formatAttempts, readLoopbackLog } from '../../scripts/test/loopback-guard-log.mjs';
import { LINK_ID as SCRIPT_LINK_ID } from '../../scripts/admin/link-admin.mjs';
import { countsOf, scan, serverLink, useFunctions } from './servers';
import { linkPath } from '../../src/domain/records/links';
import { AUDIT, readAuditEntry } from '../../src/domain/records/staff';
import { FIRESTORE_PROJECT } from '../rules/project';

const under = useFunctions();
const script = fileURLToPath(new URL('../../scripts/admin/link-admin.mjs', import.meta.url));
const guard = new URL('../../scripts/test/loopback-guard.mjs', import.meta.url).href;
const logs = mkdtempSync(join(tmpdir(), 'kcw-link-admin-'));
afterAll(() => rmSync(logs, { recursive: true, force: true }));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

let runs = 0;
/**
 * Runs the script with `args` on the tests' emulator (or with `env` as given), and fails when it
 * tried to reach anything but 127.0.0.1.
 */
async function linkAdmin(args: string[], env: Record<string, string> = emulatorEnv()) {
  runs += 1;
  const log = join(logs, `guard-${runs}.jsonl`);
  const { PATH, HOME } = process.env;
  const result = await new Promise<Run>((resolve) => {
    execFile(
      process.execPath,
      [script, ...args],
      {
        env: {
          PATH: PATH ?? '',
          HOME: HOME ?? '',
          USER: 'thandi',
          NODE_OPTIONS: `--import ${guard}`,
          LOOPBACK_GUARD_LOG: log,
          ...env,
        },
        timeout: 12_000,
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
  const attempts = readLoopbackLog(log);
  if (attempts.length > 0) {
    throw new Error(
      `link-admin tried to reach a host outside 127.0.0.1:\n${formatAttempts(attempts)}`,
    );
  }
  return result;
}

function emulatorEnv() {
  const { host, port } = inject('firestore');
  return { FIRESTORE_EMULATOR_HOST: `${host}:${port}` };
}

// The project whose links the handlers read: this worker's own in the emulator.
const project = ['--project', FIRESTORE_PROJECT];

/** A link in use, as the server writes one, made on 20 November. */
const link = (fields: Record<string, unknown> = {}) =>
  serverLink(under, { createdAt: Timestamp.fromDate(new Date('2026-11-20T09:30:00Z')), ...fields });

const disabledOf = async (id: string) =>
  (await under.db.doc(linkPath(id)).get()).get('disabled') as unknown;

describe('switching a link off and on', () => {
  it('a switched-off link answers the warning without its target; switched on, it redirects again', async () => {
    const id = await link();
    expect((await scan(under.origin, `/q/${id}?qr=1`)).status).toBe(302);

    const off = await linkAdmin([
      'disable',
      id,
      '--reason',
      'Phishing, reported 24 Nov',
      ...project,
    ]);
    expect(off.stderr).toContain(`Firestore emulator ${emulatorEnv().FIRESTORE_EMULATOR_HOST}`);
    expect(off).toMatchObject({
      code: 0,
      stdout: expect.stringContaining(`Switched off: /q/${id}`),
    });
    expect(await disabledOf(id)).toEqual({
      reason: 'Phishing, reported 24 Nov',
      by: 'thandi',
      at: expect.any(Timestamp),
    });
    const warning = await scan(under.origin, `/q/${id}?qr=1`);
    expect(warning.status).toBe(403);
    expect(warning.headers.get('location')).toBeNull();
    const page = await warning.text();
    expect(page).toContain('<h1>This link has been switched off</h1>');
    expect(page).not.toContain('kemptoncodeworks.co.za/flyer');

    const on = await linkAdmin(['enable', id, '--reason', 'Checked: safe', ...project]);
    expect(on).toMatchObject({
      code: 0,
      stdout: expect.stringContaining(`Switched on again: /q/${id}`),
    });
    expect(await disabledOf(id)).toBeNull();
    // Both switches are in the audit log, under the operator's name, with their reasons.
    const audit = await under.db.collection(AUDIT).where('target', '==', id).get();
    expect(
      audit.docs
        .map((document) => readAuditEntry(document.id, document.data()))
        .sort((a, b) => a!.at - b!.at)
        .map((entry) => [entry?.action, entry?.by, entry?.reason]),
    ).toEqual([
      ['link.disabled', 'thandi', 'Phishing, reported 24 Nov'],
      ['link.enabled', 'thandi', 'Checked: safe'],
    ]);
    const back = await scan(under.origin, `/q/${id}?qr=1`);
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe('https://kemptoncodeworks.co.za/flyer');
  });

  it('names who switched it off with --by, and a retired link stays retired once switched on', async () => {
    const id = await link({ deletedAt: Timestamp.now() });
    await linkAdmin(['disable', id, '--reason', 'Malware', '--by', 'Sipho', ...project]);
    expect(await disabledOf(id)).toMatchObject({ reason: 'Malware', by: 'Sipho' });
    expect((await scan(under.origin, `/q/${id}`)).status).toBe(403);
    await linkAdmin(['enable', id, '--reason', 'Checked: safe', ...project]);
    expect((await scan(under.origin, `/q/${id}`)).status).toBe(410);
  });

  it('switching on a link that is on changes nothing', async () => {
    const id = await link();
    const before = (await under.db.doc(linkPath(id)).get()).get('updatedAt');
    const run = await linkAdmin(['enable', id, '--reason', 'Checked: safe', ...project]);
    expect(run).toMatchObject({
      code: 0,
      stdout: `/q/${id} was not switched off; nothing changed.\n`,
    });
    expect((await under.db.doc(linkPath(id)).get()).get('updatedAt')).toEqual(before);
  });
});

describe('show', () => {
  it('prints the owner, code, target, state, times and the last 7 days of scans', async () => {
    const id = await link();
    await scan(under.origin, `/q/${id}?qr=1`);
    await scan(under.origin, `/q/${id}`, { from: '196.25.1.9' });
    expect(await countsOf(under, id)).toMatchObject({ scans: 2 });

    const shown = await linkAdmin(['show', id, ...project]);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(new RegExp(`^Short link +/q/${id}$`, 'm'));
    expect(shown.stdout).toMatch(/^Owner +alice$/m);
    expect(shown.stdout).toMatch(/^Code +code\d+$/m);
    expect(shown.stdout).toMatch(
      /^Destination +Leads to https:\/\/kemptoncodeworks\.co\.za\/flyer$/m,
    );
    expect(shown.stdout).toMatch(/^State +active/m);
    expect(shown.stdout).toMatch(/^Created +2026-11-20 11:30 SAST$/m);
    expect(shown.stdout).toMatch(/^Scans +2 in the last 7 days, 2 in all$/m);
    expect(shown.stdout).toMatch(/^ +\d{4}-\d\d-\d\d {2}2 scans, 2 visitors$/m);

    await linkAdmin(['disable', id, '--reason', 'Spam', ...project]);
    expect((await linkAdmin(['show', id, ...project])).stdout).toMatch(
      /^State +switched off on \d{4}-\d\d-\d\d \d\d:\d\d SAST by thandi: Spam/m,
    );
  });
});

describe('mistakes', () => {
  it('says so when there is no such link, and changes nothing', async () => {
    for (const command of [
      ['show'],
      ['enable', '--reason', 'Ok'],
      ['disable', '--reason', 'Spam'],
    ]) {
      const [name, ...rest] = command;
      const run = await linkAdmin([name, 'NoSuchLink01', ...rest, ...project]);
      expect(run).toMatchObject({ code: 1, stdout: '' });
      expect(run.stderr).toContain('There is no short link /q/NoSuchLink01.');
    }
    expect((await under.db.doc(linkPath('NoSuchLink01')).get()).exists).toBe(false);
  });

  it('refuses a switch-off without a reason, and an id that is not one', async () => {
    const id = await link();
    for (const reason of [[], ['--reason', '   ']]) {
      const run = await linkAdmin(['disable', id, ...reason, ...project]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('disable needs a reason: --reason "<why>"');
    }
    expect(await disabledOf(id)).toBeNull();
    const malformed = await linkAdmin(['show', 'a/b', ...project]);
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toContain('"a/b" is not a short link id');
  });

  it('never works on production unless the project is named', async () => {
    const run = await linkAdmin(['enable', 'Admin00001', '--reason', 'Ok'], {});
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'FIRESTORE_EMULATOR_HOST is not set, so this would change production: name the project with --project <id>',
    );
  });

  it('checks ids with the app’s pattern', () => {
    expect(SCRIPT_LINK_ID.source).toBe(LINK_ID.source);
    expect(SCRIPT_LINK_ID.flags).toBe(LINK_ID.flags);
  });
});
