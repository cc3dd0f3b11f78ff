// The email that confirms an order of a plan: what to pay, where to, and the reference to use,
// the same as the billing page shows (so a customer paying from a banking app on another device
// has it at hand). Nothing in it comes from the customer but their address.
import { bankDetails, billing } from '../../src/config/billing';
import { planById, type Order } from '../../src/domain/billing';
import { formatRand } from '../../src/domain/pricing';
import { escapeHtml, mailHtml, type OutgoingMail } from './mail-message';

export function orderMail(order: Order, to: string, origin: string): OutgoingMail {
  const plan = planById(order.planId)!;
  const amount = formatRand(order.amount);
  const billingPage = `${origin}/UserBilling`;
  const details: [string, string][] = [
    ...bankDetails.map(([label, value]): [string, string] => [label, value]),
    ['Amount', amount],
    ['Reference', order.reference],
  ];
  const placeholder = billing.placeholder
    ? 'These bank details are placeholders until we publish our account: please do not pay yet; reply to this email and we will send the real ones.'
    : null;
  const intro = `Thank you for ordering the ${plan.name} plan. To pay by EFT, transfer ${amount} to:`;
  const after = `Use the reference ${order.reference} exactly: it is how we know the payment is yours. Your plan starts when the payment reaches us, usually within two working days; to start it sooner, email the proof of payment to ${billing.paymentsEmail}.`;
  const footnote = `You get this email because an order was placed for your account at ${origin}. Your orders and invoices are on the Billing page: ${billingPage}`;
  return {
    to,
    subject: `Your order ${order.reference}: ${plan.name} plan, ${amount}`,
    text: [
      'Hello,',
      '',
      intro,
      '',
      ...details.map(([label, value]) => `${label}: ${value}`),
      '',
      ...(placeholder ? [placeholder, ''] : []),
      after,
      '',
      footnote,
      '',
    ].join('\n'),
    html: mailHtml(
      [
        'Hello,',
        escapeHtml(intro),
        details
          .map(([label, value]) => `${escapeHtml(label)}: <strong>${escapeHtml(value)}</strong>`)
          .join('<br>'),
        ...(placeholder ? [escapeHtml(placeholder)] : []),
        escapeHtml(after),
      ],
      `You get this email because an order was placed for your account at ${escapeHtml(origin)}. Your orders and invoices are on the <a href="${escapeHtml(billingPage)}">Billing page</a>.`,
    ),
    attachments: [],
  };
}
