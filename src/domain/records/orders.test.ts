import { describe, expect, it } from 'vitest';
import { orderFrom } from '../billing';
import { INVOICES_PATH, orderPath, readInvoiceSequence, readOrder } from './orders';

describe('orders as stored', () => {
  it('live at orders/{id}, their invoice numbers at billing/invoices', () => {
    expect(orderPath('o1')).toBe('orders/o1');
    expect(INVOICES_PATH).toBe('billing/invoices');
  });

  it('are read as billing.ts reads an order, and nothing that is not a document', () => {
    const stored = { owner: 'alice', planId: 'monthly', state: 'paid', reference: 'KCW-1' };
    expect(readOrder('o1', stored)).toEqual(orderFrom('o1', stored));
    expect(readOrder('o1', stored)).toMatchObject({ id: 'o1', planId: 'monthly', state: 'paid' });
    expect(readOrder('o1', { ...stored, planId: 'nope' })).toBeNull();
    for (const data of [undefined, null, 'order']) expect(readOrder('o1', data)).toBeNull();
  });

  it('count invoices from 0', () => {
    expect(readInvoiceSequence({ last: 41 })).toBe(41);
    for (const data of [undefined, {}, { last: 'x' }]) expect(readInvoiceSequence(data)).toBe(0);
  });
});
