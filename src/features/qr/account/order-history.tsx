import { useState } from 'react';
import { formatDay, orderStateLabels, planById, type Order } from '../../../domain/billing';
import { formatRand } from '../../../domain/pricing';
import { saveFile } from '../../../lib/save-file';
import { FormAlert } from '../../../lib/ui/field';
import { invoiceOf } from './invoice';

/** The orders made so far, each with its state and, where it has one, its invoice as a PDF. */
export function OrderHistory({ orders }: { orders: readonly Order[] }) {
  const [problem, setProblem] = useState<string | null>(null);
  const download = async (order: Order) => {
    const invoice = invoiceOf(order);
    if (!invoice) return;
    setProblem(null);
    try {
      const { invoicePdf } = await import('./invoice-pdf');
      saveFile(await invoicePdf(invoice), invoice.fileName);
    } catch {
      setProblem('The invoice could not be made just now. Check your connection, then try again.');
    }
  };
  return (
    <section className="panel billing__history" aria-labelledby="billing-history-title">
      <h2 id="billing-history-title">Orders and invoices</h2>
      {orders.length === 0 ? (
        <p>No orders yet.</p>
      ) : (
        <div className="billing__table">
          <table>
            <thead>
              <tr>
                <th scope="col">Reference</th>
                <th scope="col">Plan</th>
                <th scope="col">Amount</th>
                <th scope="col">Ordered</th>
                <th scope="col">State</th>
                <th scope="col">Invoice</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id}>
                  <th scope="row">{order.reference}</th>
                  <td>{planById(order.planId)?.name}</td>
                  <td>{formatRand(order.amount)}</td>
                  <td>{formatDay(order.createdAt)}</td>
                  <td>
                    {orderStateLabels[order.state]}
                    {order.state === 'paid' && order.periodEnd !== null
                      ? `: until ${formatDay(order.periodEnd)}`
                      : ''}
                  </td>
                  <td>
                    {order.invoiceNumber ? (
                      <button
                        type="button"
                        className="button button--ghost billing__invoice"
                        onClick={() => void download(order)}
                      >
                        Invoice {order.invoiceNumber}
                        <span className="visually-hidden"> (PDF)</span>
                      </button>
                    ) : (
                      '-'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {problem ? <FormAlert tone="error">{problem}</FormAlert> : null}
    </section>
  );
}
