import { describe, expect, it } from 'vitest';
import { paths } from '../config/paths';
import { routes } from './routes';

describe('the route table', () => {
  it('has every screen of the site once, ignoring letter case', () => {
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
      '/userhistory',
    ]) {
      expect(lower).toContain(path);
    }
  });

  it('takes every path from the one paths table, and routes each of its paths', () => {
    expect(routes.map((route) => route.path).sort()).toEqual(Object.values(paths).sort());
  });

  it('guards exactly the signed-in screens', () => {
    const guarded = routes.filter((route) => route.requiresAuth).map((route) => route.path);
    expect(guarded).toHaveLength(18);
    expect(guarded).toContain(paths.desk);
    expect(guarded).toContain(paths.bulk);
    expect(guarded).toContain(paths.joinTeam);
    expect(guarded).not.toContain(paths.login);
    expect(guarded).toContain(paths.qrContent);
    expect(guarded).toContain(paths.profile);
  });
});
