// @vitest-environment jsdom
// The account's background work starts in one visible place: startAccountWork gives the syncer
// its answer to a link whose file the server lacks (upload the file this device keeps), and no
// other module starts that work or gives the syncer an answer behind the pages' backs.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SyncAnswer } from '../../../domain/qr/link-policy';
import { startAccountWork } from './account-work';
import { LinkSyncer } from './link-syncer';

const fileMissing: SyncAnswer = {
  ok: false,
  problem: 'file-missing',
  message: 'The file is on its way.',
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('startAccountWork', () => {
  it('answers a link whose file the server lacks with an upload of this device’s copy, until stopped', async () => {
    const syncer = new LinkSyncer(vi.fn(async () => fileMissing));
    const uploads = { forAccount: vi.fn() };
    const uploadKept = vi.fn();
    const stop = startAccountWork('u1', { syncer, uploads, uploadKept });
    expect(uploads.forAccount).toHaveBeenCalledWith('u1');

    syncer.ensure('c1', 'to a', 'cafe');
    await vi.advanceTimersByTimeAsync(0);
    expect(uploadKept).toHaveBeenCalledWith('u1', 'c1', 'cafe');
    expect(syncer.getSnapshot().get('c1')?.status).toBe('retrying');

    // Signed out: the link still waits, but nothing uploads for an account no longer here.
    stop();
    syncer.retry('c1');
    await vi.advanceTimersByTimeAsync(0);
    expect(uploadKept).toHaveBeenCalledTimes(1);
  });

  it('a syncer nobody started uploads nothing for a missing file', async () => {
    const syncer = new LinkSyncer(vi.fn(async () => fileMissing));
    syncer.ensure('c1', 'to a', 'u1');
    await vi.advanceTimersByTimeAsync(0);
    expect(syncer.getSnapshot().get('c1')?.status).toBe('retrying');
    expect('onFileMissing' in syncer).toBe(false);
  });
});

/** The app's own modules (tests left out), by path from src/. */
const sources = Object.entries(
  import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}'], {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
).map(([path, text]) => ({ path: path.slice('/src/'.length), text }));

describe('the account’s work has one start', () => {
  const naming = (pattern: RegExp) =>
    sources.filter(({ text }) => pattern.test(text)).map(({ path }) => path);

  it('only the start names the account to the syncer and the uploader', () => {
    // Their definitions, and startAccountWork: no page, hook or store opening starts this work.
    expect(naming(/\.forAccount\(|\.start\(uid/).sort()).toEqual([
      'features/qr/links/account-work.ts',
      'features/qr/links/link-syncer.ts',
    ]);
  });

  it('only the start gives the syncer its answer to a missing file', () => {
    expect(naming(/onFileMissing/).sort()).toEqual([
      'features/qr/links/account-work.ts',
      'features/qr/links/link-syncer.ts',
    ]);
  });

  it('only the shell’s one place, which hears sign-in and sign-out, runs the start', () => {
    expect(naming(/links\/account-work'/)).toEqual(['app/account-work.ts']);
  });
});
