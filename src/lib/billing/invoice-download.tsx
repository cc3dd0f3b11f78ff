// A paid order's invoice, downloaded as a PDF made on the device (invoice.ts says what it holds,
// invoice-pdf.ts lays it out, loaded only when asked for): the billing page's orders and a paid
// build on the PC dashboard offer it alike.
import { useState } from 'react';
import type { Order } from '../../domain/billing';
import { saveFile } from '../save-file';
import { invoiceOf } from './invoice';

export const INVOICE_FAILED =
  'The invoice could not be made just now. Check your connection, then try again.';

/** Downloads an order's invoice; `problem` says why one could not be made. */
export function useInvoiceDownload() {
  const [problem, setProblem] = useState<string | null>(null);
  const download = async (order: Order) => {
    const invoice = invoiceOf(order);
    if (!invoice) return;
    setProblem(null);
    try {
      const { invoicePdf } = await import('./invoice-pdf');
      saveFile(await invoicePdf(invoice), invoice.fileName);
    } catch {
      setProblem(INVOICE_FAILED);
    }
  };
  return { download, problem };
}

/** The button that downloads a paid order's invoice: "Invoice INV-000042 (PDF)". */
export function InvoiceButton({
  order,
  download,
}: {
  order: Order;
  download: (order: Order) => Promise<void>;
}) {
  return (
    <button
      type="button"
      className="button button--ghost billing__invoice"
      onClick={() => void download(order)}
    >
      Invoice {order.invoiceNumber}
      <span className="visually-hidden"> (PDF)</span>
    </button>
  );
}
