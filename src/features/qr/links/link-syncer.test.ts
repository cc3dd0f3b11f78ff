// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { linksApi, type SyncAnswer } from '../../../domain/qr/link-policy';
import { LinkSyncer } from './link-syncer';

const ok: SyncAnswer = { ok: true, link: null };
const offline: SyncAnswer = { ok: false, problem: 'unavailable', message: 'Offline.' };
const refused: SyncAnswer = { ok: false, problem: 'too-many-links', message: 'Limit.' };

/** A promise settled from outside, as a Firestore write's is when the server confirms it. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('LinkSyncer', () => {
  it('asks only once the code’s write has reached the server, and forgets it when done', async () => {
    const request = vi.fn(async () => ok);
    const syncer = new LinkSyncer(request);
    const write = deferred();
    syncer.after('c1', write.promise, 'to a', 'u1');
    expect(syncer.getSnapshot().get('c1')).toEqual({ status: 'waiting', signature: 'to a' });
    await vi.runAllTimersAsync();
    expect(request).not.toHaveBeenCalled();
    write.resolve();
    await vi.runAllTimersAsync();
    expect(request).toHaveBeenCalledWith('c1', 'u1');
    expect(syncer.getSnapshot().has('c1')).toBe(false);
  });

  it('a refused write asks nothing: there is no code for the server to read', async () => {
    const request = vi.fn(async () => ok);
    const syncer = new LinkSyncer(request);
    const write = deferred();
    syncer.after('c1', write.promise, 'to a', 'u1');
    write.reject(new Error('permission-denied'));
    await vi.runAllTimersAsync();
    expect(request).not.toHaveBeenCalled();
    expect(syncer.getSnapshot().has('c1')).toBe(false);
  });

  it('keeps a refusal shown, not asking again for the same thing, until told to retry', async () => {
    const request = vi.fn(async () => refused);
    const syncer = new LinkSyncer(request);
    syncer.ensure('c1', 'to a', 'u1');
    await vi.runAllTimersAsync();
    expect(syncer.getSnapshot().get('c1')).toEqual({
      status: 'refused',
      signature: 'to a',
      message: 'Limit.',
    });
    syncer.ensure('c1', 'to a', 'u1');
    await vi.runAllTimersAsync();
    expect(request).toHaveBeenCalledTimes(1);
    syncer.ensure('c1', 'to b', 'u1'); // the code changed
    await vi.runAllTimersAsync();
    expect(request).toHaveBeenCalledTimes(2);
    syncer.retry('c1');
    await vi.runAllTimersAsync();
    expect(request).toHaveBeenCalledTimes(3);
  });

  it('asks again after a lost request: 30 s, then doubling', async () => {
    const request = vi.fn(async () => offline);
    const syncer = new LinkSyncer(request);
    syncer.ensure('c1', 'to a', 'u1');
    await vi.advanceTimersByTimeAsync(0);
    expect(syncer.getSnapshot().get('c1')).toMatchObject({
      status: 'retrying',
      message: 'Offline.',
    });
    await vi.advanceTimersByTimeAsync(29_000);
    expect(request).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(request).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(59_000);
    expect(request).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(request).toHaveBeenCalledTimes(3);
  });

  it.each(Object.entries(linksApi.problems))(
    'after %s, asks again by itself exactly when the link API’s table says so',
    async (problem, { retry }) => {
      const answer = { ok: false, problem, message: 'Why.' } as SyncAnswer;
      const syncer = new LinkSyncer(vi.fn(async () => answer));
      syncer.ensure('c1', 'to a', 'u1');
      await vi.advanceTimersByTimeAsync(0);
      expect(syncer.getSnapshot().get('c1')?.status).toBe(retry ? 'retrying' : 'refused');
    },
  );

  it('asks again at once when the browser is back online', async () => {
    const request = vi.fn(async (): Promise<SyncAnswer> => offline);
    const syncer = new LinkSyncer(request);
    syncer.ensure('c1', 'to a', 'u1');
    await vi.advanceTimersByTimeAsync(0);
    request.mockResolvedValueOnce(ok);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(request).toHaveBeenCalledTimes(2);
    expect(syncer.getSnapshot().has('c1')).toBe(false);
  });

  it('a later ask for the same code replaces an earlier one; reset forgets all', async () => {
    const request = vi.fn(async () => ok);
    const syncer = new LinkSyncer(request);
    const first = deferred();
    syncer.after('c1', first.promise, 'to a', 'u1');
    syncer.after('c1', Promise.resolve(), 'gone', 'u1');
    await vi.runAllTimersAsync();
    first.resolve();
    await vi.runAllTimersAsync();
    expect(request).toHaveBeenCalledTimes(1);
    const later = deferred();
    syncer.after('c2', later.promise, 'to a', 'u1');
    syncer.reset();
    later.resolve();
    await vi.runAllTimersAsync();
    expect(request).toHaveBeenCalledTimes(1);
    expect(syncer.getSnapshot().size).toBe(0);
  });

  it('sends a new password once the link exists, and keeps it across the same account', async () => {
    const linked: SyncAnswer = {
      ok: true,
      link: {
        id: 'L1',
        destination: { kind: 'redirect', target: 'https://example.com/' },
        deleted: false,
        disabled: false,
        locked: true,
        passwordSet: false,
      },
    };
    const request = vi.fn(async () => linked);
    const sendPassword = vi.fn(async () => ok);
    const syncer = new LinkSyncer(request, sendPassword);
    syncer.forAccount('u1');
    const write = deferred();
    syncer.after('c1', write.promise, 'to a', 'u1');
    syncer.setPassword('c1', 'sesame-2026', false, 'u1');
    expect(syncer.getPasswords().get('c1')).toEqual({ status: 'waiting' });
    // My QR Codes opening for the same account changes nothing.
    syncer.forAccount('u1');
    write.resolve();
    await vi.runAllTimersAsync();
    expect(sendPassword).toHaveBeenCalledWith('c1', 'sesame-2026', 'u1');
    expect(syncer.getPasswords().size).toBe(0);
  });

  it('asks for each code in the workspace it is saved in, also when asked again', async () => {
    const request = vi.fn(async (): Promise<SyncAnswer> => offline);
    const fileMissing = vi.fn();
    const syncer = new LinkSyncer(request);
    syncer.start('me', { onFileMissing: fileMissing });
    syncer.ensure('c1', 'to a', 'cafe');
    syncer.after('c2', Promise.resolve(), 'to b', 'me');
    await vi.advanceTimersByTimeAsync(0);
    expect(request.mock.calls).toEqual([
      ['c1', 'cafe'],
      ['c2', 'me'],
    ]);
    request.mockResolvedValue({ ok: false, problem: 'file-missing', message: 'Its file.' });
    syncer.retry('c1');
    await vi.advanceTimersByTimeAsync(0);
    expect(request).toHaveBeenLastCalledWith('c1', 'cafe');
    expect(fileMissing).toHaveBeenCalledWith('c1', 'cafe');
  });

  it('a refused password stays shown with why; another account forgets it', async () => {
    const sendPassword = vi.fn(async (): Promise<SyncAnswer> => ({
      ok: false,
      problem: 'bad-request',
      message: 'Short.',
    }));
    const syncer = new LinkSyncer(
      vi.fn(async () => ok),
      sendPassword,
    );
    syncer.forAccount('u1');
    syncer.setPassword('c1', 'abc', true, 'u1');
    await vi.runAllTimersAsync();
    expect(syncer.getPasswords().get('c1')).toEqual({ status: 'failed', message: 'Short.' });
    syncer.forAccount('u2');
    expect(syncer.getPasswords().size).toBe(0);
  });
});
