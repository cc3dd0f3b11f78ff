import { describe, expect, it, vi } from 'vitest';
import { preloadPage, registerPageLoaders } from './page-preload';

describe('preloadPage', () => {
  it('starts the registered loader of a path, whatever its case, and ignores others', async () => {
    const load = vi.fn(async () => ({}));
    const failing = vi.fn(() => Promise.reject(new Error('offline')));
    registerPageLoaders([
      { path: '/QR_Dashboard', load },
      { path: '/Broken', load: failing },
      { path: '/NoPage' },
    ]);
    preloadPage('/qr_dashboard');
    preloadPage('/Unknown');
    preloadPage('/NoPage');
    // A failed fetch ahead of time is left for the navigation to report: nothing is thrown here.
    preloadPage('/Broken');
    expect(load).toHaveBeenCalledOnce();
    expect(failing).toHaveBeenCalledOnce();
    await Promise.resolve();
  });
});
