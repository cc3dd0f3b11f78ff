// The home page and the plans say how many types of code there are, from the registry's count
// (type-count.ts), never a number of their own.
import { describe, expect, it, vi } from 'vitest';
import { qrService } from './home-content';
import { sharedBenefits } from '../../domain/pricing';
import { qrTypes } from '../../domain/qr/qr-types';

describe('the number of QR types the pages say', () => {
  // As the product says it: with the 16 types promised (qr-types.test.ts), "16 kinds" and "All 16".
  it('reads as the product says it, with the registry’s number of types', () => {
    expect(qrService.text).toBe(
      `Make QR codes for your menus, flyers and shop windows: ${qrTypes.length} kinds, in your colours and with ` +
        'your logo, checked to scan before you print. A dynamic code can lead somewhere new after ' +
        'it is printed, hosts your menu or brochure, and counts its scans.',
    );
    expect(sharedBenefits).toContain(`All ${qrTypes.length} QR code types`);
  });

  it('follows the registry’s count: with one more type, both say 17', async () => {
    vi.resetModules();
    vi.doMock('../../domain/qr/type-count', () => ({ QR_TYPE_COUNT: 17 }));
    const home = await import('./home-content');
    const pricing = await import('../../domain/pricing');
    expect(home.qrService.text).toContain('shop windows: 17 kinds, in your colours');
    expect(pricing.sharedBenefits).toContain('All 17 QR code types');
    vi.doUnmock('../../domain/qr/type-count');
  });
});
