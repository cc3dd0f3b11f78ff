import { describe, expect, it } from 'vitest';
import { qrTypes, type QrTypeCount } from './qr-types';
import { QR_TYPE_COUNT } from './type-count';

describe('the number of QR types', () => {
  it('is the registry’s', () => {
    expect(QR_TYPE_COUNT).toBe(qrTypes.length);
  });

  it('cannot be written as another number: the compiler holds it to the registry', () => {
    // @ts-expect-error: the count is the registry's length, and no other number.
    const wrong: QrTypeCount = QR_TYPE_COUNT + 1;
    expect(wrong).not.toBe(qrTypes.length);
  });
});
