// The email that confirms an order, of a plan or of a custom PC build whose quote was accepted:
// what to pay, where to, and the reference to use, the same as the billing page or the PC
// dashboard shows (so a customer paying from a banking app on another device has it at hand).
// Nothing in it comes from the customer but their address.
import { bankDetails, billing } from '../../src/config/billing';
import { orderItem, type Order } from '../../src/domain/billing';
import { formatCents } from '../../src/domain/money';
import { buildName } from '../../src/domain/pc-builds';
import { escapeHtml, mailHtml, type OutgoingMail } from './mail-message';

/** Where the customer follows an order: the billing page for a plan, the PC dashboard for a build. */
export const orderPageOf = (order: Order, origin: string) =>
  order.kind === 'plan'
    ? { label: 'Billing page', url: `${origin}/UserBilling` }
    : { label: 'PC dashboard', url: `${origin}/PC_Dashboard` };

export function orderMail(order: Order, to: string, origin: string): OutgoingMail {
  const amount = formatCents(order.amountCents);
  const page = orderPageOf(order, origin);
  const details: [string, string][] = [
    ...bankDetails.map(([label, value]): [string, string] => [label, value]),
    ['Amount', amount],
    ['Reference', order.reference],
  ];
  const placeholder = billing.placeholder
    ? 'These bank details are placeholders until we publish our account: please do not pay yet; reply to this email and we will send the real ones.'
    : null;
  const intro =
    order.kind === 'plan'
      ? `Thank you for ordering the ${orderItem(order)}. To pay by EFT, transfer ${amount} to:`
      : `Thank you for accepting our quote for ${buildName(order.build.number)}. To pay by EFT, transfer ${amount} to:`;
  const starts =
    order.kind === 'plan'
      ? 'Your plan starts when the payment reaches us, usually within two working days'
      : 'We order the parts when the payment reaches us, usually within two working days';
  const after = `Use the reference ${order.reference} exactly: it is how we know the payment is yours. ${starts}; to start sooner, email the proof of payment to ${billing.paymentsEmail}.`;
  const footnote = `You get this email because an order was placed for your account at ${origin}. The order and its invoice are on your ${page.label}: ${page.url}`;
  return {
    to,
    subject: `Your order ${order.reference}: ${orderItem(order)}, ${amount}`,
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
      `You get this email because an order was placed for your account at ${escapeHtml(origin)}. The order and its invoice are on your <a href="${escapeHtml(page.url)}">${page.label}</a>.`,
    ),
    attachments: [],
  };
}
