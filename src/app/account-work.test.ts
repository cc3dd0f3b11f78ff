// The shell starts the account's background work at each sign-in and stops it at sign-out, in
// this one place; a sign-out while its code is still on its way starts nothing.
import { describe, expect, it, vi } from 'vitest';
import { followAccountWork } from './account-work';

function fakeSession() {
  let listener: ((uid: string | null) => void) | null = null;
  const watch = (next: (uid: string | null) => void) => {
    listener = next;
    return () => {
      listener = null;
    };
  };
  return { watch, say: (uid: string | null) => listener?.(uid) };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('followAccountWork', () => {
  it('starts the work at sign-in, stops it at sign-out, and starts it for the next account', async () => {
    const session = fakeSession();
    const stops = new Map<string, ReturnType<typeof vi.fn>>();
    const start = vi.fn((uid: string) => {
      const stop = vi.fn();
      stops.set(uid, stop);
      return stop;
    });
    const unfollow = followAccountWork(session.watch, async () => start);

    session.say('u1');
    await flush();
    expect(start).toHaveBeenCalledWith('u1');

    session.say(null);
    expect(stops.get('u1')).toHaveBeenCalledTimes(1);

    session.say('u2');
    await flush();
    expect(start).toHaveBeenLastCalledWith('u2');
    expect(start).toHaveBeenCalledTimes(2);

    unfollow();
    expect(stops.get('u2')).toHaveBeenCalledTimes(1);
  });

  it('a sign-out before the work’s code arrives starts nothing', async () => {
    const session = fakeSession();
    const start = vi.fn(() => vi.fn());
    let arrive!: () => void;
    const code = new Promise<void>((resolve) => (arrive = resolve));
    followAccountWork(session.watch, () => code.then(() => start));
    session.say('u1');
    session.say(null);
    arrive();
    await flush();
    expect(start).not.toHaveBeenCalled();
  });
});
