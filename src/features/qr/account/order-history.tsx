import { formatDay, orderItem, orderStateLabels, type Order } from '../../../domain/billing';
import { formatCents } from '../../../domain/money';
import { InvoiceButton, useInvoiceDownload } from '../../../lib/billing/invoice-download';
import { FormAlert } from '../../../lib/ui/field';

/** The orders made so far, each with its state and, where it has one, its invoice as a PDF. */
export function OrderHistory({ orders }: { orders: readonly Order[] }) {
  const { download, problem } = useInvoiceDownload();
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
                <th scope="col">For</th>
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
                  <td>{orderItem(order)}</td>
                  <td>{formatCents(order.amountCents)}</td>
                  <td>{formatDay(order.createdAt)}</td>
                  <td>
                    {orderStateLabels[order.state]}
                    {order.kind === 'plan' && order.state === 'paid' && order.periodEnd !== null
                      ? `: until ${formatDay(order.periodEnd)}`
                      : ''}
                  </td>
                  <td>
                    {order.invoiceNumber ? (
                      <InvoiceButton order={order} download={download} />
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
