import { describe, expect, it } from 'vitest';
import type { Order } from '../../domain/billing';
import { invoiceOf } from './invoice';

const paid: Order = {
  id: 'o1',
  kind: 'plan',
  owner: 'alice',
  planId: 'six-months',
  amount: 2700,
  amountCents: 270_000,
  months: 6,
  reference: 'KCW-7KQ2-M9XD',
  state: 'paid',
  createdAt: Date.parse('2026-11-20T08:00:00Z'),
  paidAt: Date.parse('2026-11-25T10:00:00Z'),
  periodStart: Date.parse('2026-11-25T10:00:00Z'),
  periodEnd: Date.parse('2027-05-25T10:00:00Z'),
  invoiceNumber: 'INV-000042',
  customer: { name: 'Alice Dlamini', email: 'alice@example.co.za' },
};

describe('invoiceOf', () => {
  it('makes out a paid order’s invoice to its customer, with its period and total', () => {
    const invoice = invoiceOf(paid)!;
    expect(invoice.number).toBe('INV-000042');
    expect(invoice.facts).toContainEqual(['Date', '25 November 2026']);
    expect(invoice.facts).toContainEqual(['Payment reference', 'KCW-7KQ2-M9XD']);
    expect(invoice.to).toEqual(['Alice Dlamini', 'alice@example.co.za']);
    expect(invoice.item.description).toBe(
      'QR codes: 6 Months plan (6 months, 25 November 2026 to 25 May 2027)',
    );
    expect(invoice.totals.at(-1)).toEqual(['Total paid', 'R2\u00a0700.00']);
    expect(invoice.fileName).toBe('INV-000042.pdf');
  });

  it('made out to a team’s account, names the member who ordered it', () => {
    const invoice = invoiceOf({
      ...paid,
      customer: { name: null, email: 'owner@cafe.co.za' },
      orderedBy: { uid: 'thabo', email: 'books@cafe.co.za' },
    })!;
    expect(invoice.to).toEqual(['owner@cafe.co.za', 'Ordered by books@cafe.co.za']);
  });

  it('invoices a custom PC build at its quoted total, with the VAT the quote worked out', () => {
    const invoice = invoiceOf({
      id: 'o2',
      kind: 'build',
      owner: 'alice',
      build: { id: 'b1', number: 1042 },
      amountCents: 3_045_678,
      vat: { percent: 15, cents: 397_262 },
      reference: 'KCW-ABCD-EFGH',
      state: 'paid',
      createdAt: paid.createdAt,
      paidAt: paid.paidAt,
      invoiceNumber: 'INV-000043',
      customer: paid.customer,
    })!;
    expect(invoice.item).toEqual({
      description: 'Custom PC: Build 1042, its parts and labour as quoted',
      amount: 'R30\u00a0456.78',
    });
    expect(invoice.totals).toEqual([
      ['Amount excluding VAT', 'R26\u00a0484.16'],
      ['VAT at 15%', 'R3\u00a0972.62'],
      ['Total paid', 'R30\u00a0456.78'],
    ]);
  });

  it('has no invoice for an order not paid', () => {
    expect(invoiceOf({ ...paid, state: 'awaiting-payment', invoiceNumber: null })).toBeNull();
  });
});
