// Orders of a plan paid by EFT, orders/{id} (billing.ts Order), made by the account's owner through
// the billing API and marked paid by the company alone (functions/src/orders.ts, run by
// scripts/admin/billing-admin.mjs), and the invoices' number sequence, billing/invoices, which
// marking an order paid moves on. Their owner reads their orders; nobody else reads either.
import { orderFrom, type Order } from '../billing';

export const ORDERS = 'orders';

export const orderPath = (id: string) => `${ORDERS}/${id}`;

/** The last invoice number given (billing.ts invoiceNumber makes it an invoice's). */
export const INVOICES_PATH = 'billing/invoices';

/** The order `id` as its document `data` holds it; null when it is not an order this reads. */
export function readOrder(id: string, data: unknown): Order | null {
  return typeof data === 'object' && data !== null
    ? orderFrom(id, data as Record<string, unknown>)
    : null;
}

/** The last invoice number billing/invoices holds; 0 before the first. */
export const readInvoiceSequence = (data: unknown): number =>
  Number((data as { last?: unknown } | null | undefined)?.last) || 0;

/** What marking an order paid stores in billing/invoices: the number it gave. */
export const invoiceSequenceFields = (last: number) => ({ last });
