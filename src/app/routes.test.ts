import { describe, expect, it } from 'vitest';
import { routes } from './routes';

describe('the route table', () => {
  it('has every screen of the specification once, ignoring letter case', () => {
    const lower = routes.map((route) => route.path.toLowerCase());
    expect(new Set(lower).size).toBe(lower.length);
    for (const path of [
      '/',
      '/aboutpage',
      '/servicespage',
      '/contactpage',
      '/privacypolicy',
      '/tnc',
      '/custompc',
      '/login',
      '/register',
      '/forgotpassword',
      '/profile',
      '/pc_dashboard',
      '/qr_dashboard',
      '/qr_pricing',
      '/qr_type',
      '/qr_content',
      '/qr_design',
      '/qr_demo',
      '/userusers',
      '/userqrcodes',
      '/userbilling',
      '/useranalysis',
      '/useraccount',
      '/userfaq',
    ]) {
      expect(lower).toContain(path);
    }
  });

  it('guards exactly the signed-in screens', () => {
    const guarded = routes.filter((route) => route.requiresAuth).map((route) => route.path);
    expect(guarded).toHaveLength(14);
    expect(guarded).not.toContain('/Login');
    expect(guarded).toContain('/QR_Content');
    expect(guarded).toContain('/Profile');
  });
});
