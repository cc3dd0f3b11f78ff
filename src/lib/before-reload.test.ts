import { describe, expect, it } from 'vitest';
import { onBeforeReload, runBeforeReload } from './before-reload';

describe('runBeforeReload', () => {
  it('runs every registered save, awaiting async ones, even when one fails', async () => {
    const ran: string[] = [];
    const stops = [
      onBeforeReload(() => void ran.push('sync')),
      onBeforeReload(async () => {
        await Promise.resolve();
        ran.push('async');
      }),
      onBeforeReload(() => {
        throw new Error('quota');
      }),
    ];
    await runBeforeReload();
    expect(ran.sort()).toEqual(['async', 'sync']);
    stops.forEach((stop) => stop());
  });

  it('forgets a save once it is unregistered', async () => {
    let count = 0;
    const stop = onBeforeReload(() => void (count += 1));
    stop();
    await runBeforeReload();
    expect(count).toBe(0);
  });
});
