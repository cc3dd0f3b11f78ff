// What a paid order's invoice says, as lines of text: the PDF (invoice-pdf.ts) only lays them
// out. A VAT vendor's invoice is a "Tax Invoice" with its VAT number and the VAT the price
// includes, as South Africa's VAT Act asks; otherwise a plain invoice that says no VAT is charged.
// It is made out to the workspace's account (the business whose plan it is), and names the member
// who ordered it, where that was not the account itself (a team's billing member, say).
import { billing } from '../../config/billing';
import { formatDay, orderItem, orderVatCents, type Order } from '../../domain/billing';
import { formatCentsExact } from '../../domain/money';

export interface Invoice {
  readonly title: 'Tax Invoice' | 'Invoice';
  readonly number: string;
  /** Label and value pairs under the title: number, date, reference. */
  readonly facts: readonly (readonly [string, string])[];
  readonly from: readonly string[];
  readonly to: readonly string[];
  readonly item: { readonly description: string; readonly amount: string };
  /** Label and value pairs under the item: the VAT, the total. */
  readonly totals: readonly (readonly [string, string])[];
  readonly footer: string;
  readonly fileName: string;
}

/** What the invoice's one line says the order paid for. */
function description(order: Order): string {
  if (order.kind === 'build') return `${orderItem(order)}, its parts and labour as quoted`;
  const period =
    order.periodStart !== null && order.periodEnd !== null
      ? `, ${formatDay(order.periodStart)} to ${formatDay(order.periodEnd)}`
      : '';
  const months = `${order.months} ${order.months === 1 ? 'month' : 'months'}`;
  return `QR codes: ${orderItem(order)} (${months}${period})`;
}

/** The invoice of a paid order, or null for one not paid. */
export function invoiceOf(order: Order): Invoice | null {
  if (order.state !== 'paid' || !order.invoiceNumber || order.paidAt === null) return null;
  const { vat } = billing;
  const totalCents = order.amountCents;
  const vatCents = orderVatCents(order, vat);
  // A build's VAT is the quote's: the company was registered when it quoted, or it charged none.
  const vatPercent =
    order.kind === 'build' ? (order.vat?.percent ?? null) : vat.registered ? vat.ratePercent : null;
  return {
    title: vatPercent !== null ? 'Tax Invoice' : 'Invoice',
    number: order.invoiceNumber,
    facts: [
      ['Invoice number', order.invoiceNumber],
      ['Date', formatDay(order.paidAt)],
      ['Payment reference', order.reference],
    ],
    from: [
      billing.legalName,
      ...billing.address,
      ...(billing.registrationNumber ? [`Registration number ${billing.registrationNumber}`] : []),
      ...(vat.registered && vat.number ? [`VAT number ${vat.number}`] : []),
    ],
    to: [
      order.customer.name,
      order.customer.email,
      order.orderedBy?.email ? `Ordered by ${order.orderedBy.email}` : null,
    ].filter((line): line is string => !!line),
    item: { description: description(order), amount: formatCentsExact(totalCents) },
    totals:
      vatPercent !== null
        ? [
            [`Amount excluding VAT`, formatCentsExact(totalCents - vatCents)],
            [`VAT at ${vatPercent}%`, formatCentsExact(vatCents)],
            ['Total paid', formatCentsExact(totalCents)],
          ]
        : [
            ['VAT', 'Not charged: the company is not registered for VAT'],
            ['Total paid', formatCentsExact(totalCents)],
          ],
    footer: `Paid by EFT with reference ${order.reference}. Thank you.`,
    fileName: `${order.invoiceNumber}.pdf`,
  };
}
