// The emails a staff action sends its customer: the invoice of an order marked paid, the notice
// that one of their short links was switched off or on with the reason staff typed, a build's
// quote, its steps and the company's answers; and the email to the company of a customer's
// question about a build. All are notices (src/domain/notice-text.ts), written as every notice of
// the site is.
import { billing } from '../../src/config/billing';
import { formatDay, orderItem, orderVatCents, type Order } from '../../src/domain/billing';
import { formatCentsExact } from '../../src/domain/money';
import { builds } from '../../src/config/builds';
import { company } from '../../src/config/company';
import {
  buildName,
  buildSteps,
  warrantyEnd,
  type BuildStep,
  type BuildSummary,
} from '../../src/domain/pc-builds';
import { shortLinkUrl } from '../../src/domain/qr/short-link';
import { myCodesUrl, noticeMail, type OutgoingMail } from './mail-message';
import { orderPageOf } from './order-mail';

/** The email of a paid order's invoice: what was paid, for what, and where the PDF is. */
export function invoiceMail(order: Order, to: string, origin: string): OutgoingMail {
  const total = formatCentsExact(order.amountCents);
  const { vat } = billing;
  const vatCents = orderVatCents(order, vat);
  const period =
    order.kind === 'plan' && order.periodStart !== null && order.periodEnd !== null
      ? `from ${formatDay(order.periodStart)} until ${formatDay(order.periodEnd)}`
      : null;
  const page = orderPageOf(order, origin);
  return noticeMail(to, {
    subject: `Payment received: ${vat.registered ? 'tax invoice' : 'invoice'} ${order.invoiceNumber}`,
    paragraphs: [
      [`Thank you: your payment for order ${order.reference} has reached us.`],
      [
        `Invoice: ${order.invoiceNumber}`,
        `For: ${orderItem(order)}${period ? `, ${period}` : ''}`,
        `Total paid: ${total}`,
        vatCents > 0
          ? `VAT included: ${formatCentsExact(vatCents)}`
          : 'VAT: not charged (the company is not registered for VAT)',
      ],
      [
        order.kind === 'build'
          ? `We order its parts now; follow ${buildName(order.build.number)} step by step on your PC dashboard, where the invoice downloads as a PDF.`
          : 'The invoice downloads as a PDF from your Billing page.',
      ],
    ],
    link: { label: `Your ${page.label}`, url: page.url },
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
    link: dashboardLink(origin),
    footnote: `You get this email because you asked for a custom PC at ${origin}.`,
  });
}

function dashboardLink(origin: string) {
  return { label: 'Your PC dashboard', url: `${origin}/PC_Dashboard` };
}

/**
 * The email of a step a build reached (staff at the desk), or of a note added to the step it is at,
 * with the note; on collection, the warranty's last day.
 */
export function stepMail(
  build: BuildSummary,
  step: BuildStep,
  note: string | null,
  to: string,
  origin: string,
): OutgoingMail {
  const name = buildName(build.number);
  const moved = build.timeline.filter((entry) => entry.step === step).length === 1;
  const warranty = step === 'collected' ? warrantyEnd(build, builds.warrantyMonths) : null;
  return noticeMail(to, {
    subject: moved
      ? `${name}: ${buildSteps[step]}`
      : `${name}: a note from us (${buildSteps[step]})`,
    paragraphs: [
      [
        moved
          ? `${name} has reached a new step: ${buildSteps[step]}.`
          : `We added a note to ${name}, which is at the step ${buildSteps[step]}.`,
      ],
      ...(note ? [[note]] : []),
      ...(warranty
        ? [
            [
              `Thank you for choosing us. Its warranty runs until ${formatDay(warranty)}: if anything goes wrong, ask for support on your PC dashboard.`,
            ],
          ]
        : []),
      ['Its timeline, with our notes and photos, is on your PC dashboard.'],
    ],
    link: dashboardLink(origin),
    footnote: `You get this email because you asked for a custom PC at ${origin}.`,
  });
}

/** The email of the company's answer on a build's thread. */
export function replyMail(build: BuildSummary, text: string, to: string, origin: string) {
  const name = buildName(build.number);
  return noticeMail(to, {
    subject: `Our answer about ${name}`,
    paragraphs: [[`We answered your question about ${name}:`], [text]],
    link: dashboardLink(origin),
    footnote: `You get this email because you asked us about a custom PC at ${origin}. To answer, write on your PC dashboard.`,
  });
}

/** The email to the company of a customer's question on a build's thread. */
export function customerMessageMail(build: BuildSummary, text: string, origin: string) {
  const name = buildName(build.number);
  return noticeMail(company.email, {
    subject: `A question about ${name} from ${build.customerEmail ?? 'its customer'}`,
    paragraphs: [
      [`${build.customerEmail ?? 'The customer'} asks about ${name} (${buildSteps[build.step]}):`],
      [text],
      ['Answer it at the desk, under PC build requests: the answer is emailed to them.'],
    ],
    link: { label: 'The desk', url: `${origin}/Desk` },
    footnote: `Sent by the PC dashboard at ${origin}.`,
  });
}
