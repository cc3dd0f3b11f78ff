// The emails a staff action sends its customer: the invoice of an order marked paid, and the
// notice that one of their short links was switched off or on, with the reason staff typed.
// Both are notices (src/domain/notice-text.ts), written as every notice of the site is.
import { billing } from '../../src/config/billing';
import { formatDay, planById, vatIncluded, type Order } from '../../src/domain/billing';
import { formatCentsExact } from '../../src/domain/money';
import { buildName, type BuildSummary } from '../../src/domain/pc-builds';
import { shortLinkUrl } from '../../src/domain/qr/short-link';
import { myCodesUrl, noticeMail, type OutgoingMail } from './mail-message';

/** The billing page, where a paid order's invoice downloads as a PDF. */
const billingUrl = (origin: string) => `${origin}/UserBilling`;

/** The email of a paid order's invoice: what was paid, for what, and where the PDF is. */
export function invoiceMail(order: Order, to: string, origin: string): OutgoingMail {
  const plan = planById(order.planId);
  const total = formatCentsExact(order.amount * 100);
  const { vat } = billing;
  const period =
    order.periodStart !== null && order.periodEnd !== null
      ? `from ${formatDay(order.periodStart)} until ${formatDay(order.periodEnd)}`
      : null;
  return noticeMail(to, {
    subject: `Payment received: ${vat.registered ? 'tax invoice' : 'invoice'} ${order.invoiceNumber}`,
    paragraphs: [
      [`Thank you: your payment for order ${order.reference} has reached us.`],
      [
        `Invoice: ${order.invoiceNumber}`,
        `Plan: ${plan?.name ?? order.planId}${period ? `, ${period}` : ''}`,
        `Total paid: ${total}`,
        vat.registered
          ? `VAT at ${vat.ratePercent}% included: ${formatCentsExact(vatIncluded(order.amount, vat.ratePercent))}`
          : 'VAT: not charged (the company is not registered for VAT)',
      ],
      ['The invoice downloads as a PDF from your Billing page.'],
    ],
    link: { label: 'Your orders and invoices', url: billingUrl(origin) },
    footnote: `You get this email because an order was paid for your account at ${origin}.`,
  });
}

/** The email to a link's owner that the company switched it off, or on again, and why. */
export function switchMail(
  id: string,
  on: boolean,
  reason: string,
  to: string,
  origin: string,
): OutgoingMail {
  const link = shortLinkUrl(origin, id);
  return noticeMail(to, {
    subject: on ? `Your short link ${link} is on again` : `We switched off your short link ${link}`,
    paragraphs: on
      ? [
          [`Your printed code's short link ${link} works again: scans are sent on as before.`],
          [`Our note: ${reason}`],
        ]
      : [
          [
            `We switched off your printed code's short link ${link}. Scans now get a warning page instead of its destination.`,
          ],
          [`Why: ${reason}`],
          [
            'If you think this is a mistake, or once the destination is safe again, reply to this email and we will look at it.',
          ],
        ],
    link: { label: 'Your QR codes', url: myCodesUrl(origin) },
    footnote: `You get this email because a short link of your account at ${origin} was switched ${on ? 'on' : 'off'} by the company.`,
  });
}

/** The email of a build's quote: what is in it, the total and until when it may be accepted. */
export function quoteMail(build: BuildSummary, to: string, origin: string): OutgoingMail {
  const quote = build.quote!;
  const name = buildName(build.number);
  return noticeMail(to, {
    subject: `Your quote for ${name}: ${formatCentsExact(quote.totalCents)}`,
    paragraphs: [
      [`Thank you for asking us for a custom PC. Here is our quote for ${name}:`],
      [
        ...quote.lines.map((line) => `${line.description}: ${formatCentsExact(line.cents)}`),
        `Labour: ${formatCentsExact(quote.labourCents)}`,
        ...(quote.vatPercent === null
          ? ['VAT: not charged (the company is not registered for VAT)']
          : [`VAT at ${quote.vatPercent}%: ${formatCentsExact(quote.vatCents)}`]),
        `Total: ${formatCentsExact(quote.totalCents)}`,
      ],
      ...(quote.note ? [[quote.note]] : []),
      [
        `It is valid until ${formatDay(Date.parse(`${quote.validUntil}T10:00:00Z`))}. Accept it, or ask us about it, on your PC dashboard.`,
      ],
    ],
    link: { label: 'Your PC dashboard', url: `${origin}/PC_Dashboard` },
    footnote: `You get this email because you asked for a custom PC at ${origin}.`,
  });
}
