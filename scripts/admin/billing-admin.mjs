#!/usr/bin/env node
// The company's billing step: marks an order paid once its EFT has arrived, which starts (or
// extends) the customer's plan and gives the order its invoice number, and lists the orders still
// waiting for payment. Orders and plans are written by the server alone (no client may: see
// firestore.rules), so this works through the Admin SDK; what a payment buys is decided by the
// functions' own code (functions/src/orders.ts, built into functions/lib/billing-admin.js by
// `npm run build`).
//
//   node scripts/admin/billing-admin.mjs list
//   node scripts/admin/billing-admin.mjs paid <reference> --amount <rand> [--reason "..."]
//                                       [--on YYYY-MM-DD] [--by <who>]
//
// `paid` takes the amount the bank statement shows: it must be the order's to the cent, or come
// with the reason a different amount is accepted, which is kept on the order (orders.ts
// paymentProblem, the rule the company's every way of marking orders paid shares).
//
// With FIRESTORE_EMULATOR_HOST set it works on that emulator (project demo-kcw unless --project
// says otherwise). Without it, on production Firestore of the project --project names, with
// Application Default Credentials (`gcloud auth application-default login`, or
// GOOGLE_APPLICATION_CREDENTIALS naming a service account's key file).
import {
  builtModule,
  commandLine,
  CommandError,
  firestoreTarget,
  main,
  operator,
  UsageError,
  withFirestore,
} from './admin-lib.mjs';

/** A payment reference: src/domain/billing.ts REFERENCE_PATTERN. */
const REFERENCE = /^KCW-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/;

const USAGE = `Usage:
  node scripts/admin/billing-admin.mjs list
  node scripts/admin/billing-admin.mjs paid <reference> --amount <rand> [--reason "..."] [--on YYYY-MM-DD]

  list     the orders waiting for payment, oldest first
  paid     marks the order with that payment reference (KCW-XXXX-XXXX) paid: its plan starts, or
           runs on from the end of the period already paid, and it gets its invoice number

Options:
  --amount <rand>  what the bank statement shows was received, e.g. 600 or 1234.56 (required for
                   paid); an amount other than the order's is refused unless --reason is given
  --reason <text>  why a payment that differs from the order's amount is accepted (kept on the
                   order), e.g. "bank fee of R5 deducted"
  --on <day>       the day the payment arrived (default: today)
  --by <who>       who marks it paid (default: $USER)
  --project <id>   the Firebase project (default with FIRESTORE_EMULATOR_HOST: demo-kcw; required
                   for production)`;

/**
 * The command a command line asks for, checked before anything is opened.
 * @param {string[]} args the arguments after the script's name
 * @param {NodeJS.ProcessEnv} env
 */
export function parseCommand(args, env) {
  const { values, positionals } = commandLine(args, ['on', 'amount', 'reason']);
  if (values.help) return { command: 'help' };
  const [command, reference, ...extra] = positionals;
  if (command !== 'list' && command !== 'paid') {
    throw new UsageError(
      command ? `Unknown command "${command}": use list or paid.` : 'Name a command: list or paid.',
    );
  }
  if (extra.length > 0 || (command === 'list' && reference)) {
    throw new UsageError(
      `Unexpected arguments: ${[reference, ...extra].filter(Boolean).join(' ')}.`,
    );
  }
  let paidAt = new Date();
  if (command === 'paid') {
    const wanted = reference?.trim().toUpperCase() ?? '';
    if (!REFERENCE.test(wanted)) {
      throw new UsageError(
        `"${reference ?? ''}" is not a payment reference (KCW-XXXX-XXXX, as the customer's billing page shows it).`,
      );
    }
    if (values.on !== undefined) {
      // Noon in South Africa of that day: the payment's day, whatever the machine's time zone.
      paidAt = new Date(`${values.on}T10:00:00Z`);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(values.on) || Number.isNaN(paidAt.getTime())) {
        throw new UsageError(
          `--on takes the day the payment arrived as YYYY-MM-DD, not "${values.on}".`,
        );
      }
    }
    return {
      command,
      reference: wanted,
      paidAt,
      received: { amount: amountGiven(values.amount), reason: values.reason ?? null },
      by: operator(values.by, process.env),
      ...firestoreTarget(values.project, env),
    };
  }
  if (values.amount !== undefined || values.reason !== undefined) {
    throw new UsageError('--amount and --reason go with paid.');
  }
  return { command, ...firestoreTarget(values.project, env) };
}

/**
 * `--amount`, which paid needs; it is read as rand (the functions' centsFromRand, the rule the
 * desk reads typed amounts by) before anything is changed.
 * @param {string | undefined} amount
 */
function amountGiven(amount) {
  if (amount === undefined) {
    throw new UsageError(
      'paid needs --amount: the rand the bank statement shows was received (e.g. --amount 600).',
    );
  }
  return amount;
}

const day = (millis) =>
  millis ? new Date(millis + 2 * 3_600_000).toISOString().slice(0, 10) : '-';

/**
 * Runs a parsed command; resolves with what to print.
 * @param {ReturnType<typeof parseCommand>} options
 */
export async function run(options) {
  const steps = await builtModule('billing-admin');
  return withFirestore(options, 'billing-admin', async (db) => {
    if (options.command === 'list') {
      const open = await steps.openOrders(db);
      if (open.length === 0) return 'No orders are waiting for payment.';
      return open
        .map(
          (order) =>
            `${order.reference}  ${day(order.createdAt)}  ${steps.orderItem(order).padEnd(24)}  ${steps.formatCents(order.amountCents).padStart(11)}  owner ${order.owner}`,
        )
        .join('\n');
    }
    const cents = steps.centsFromRand(options.received.amount);
    if (cents === null) {
      throw new CommandError(
        `--amount takes the rand received, not "${options.received.amount}": ${steps.RAND_AMOUNT_MESSAGE}`,
      );
    }
    const answer = await steps.markOrderPaid(db, options.reference, {
      paidAt: options.paidAt,
      by: { by: options.by, byEmail: null },
      received: { cents, reason: options.received.reason },
    });
    if (!answer.ok) {
      throw new CommandError(
        answer.problem === 'payment-differs'
          ? `${answer.message}\nTo accept it, run the command again with --reason "<why>".`
          : answer.message,
      );
    }
    const { order } = answer;
    const received = order.received?.reason
      ? `; received ${steps.formatCents(order.received.cents)}: ${order.received.reason}`
      : '';
    const what = `${steps.orderItem(order)}, ${steps.formatCents(order.amountCents)}`;
    const then =
      order.kind === 'plan'
        ? `the plan runs from ${day(order.periodStart)} until ${day(order.periodEnd)}`
        : `build ${order.build.number} is paid`;
    return `Paid: ${order.reference} (${what}), invoice ${order.invoiceNumber}; ${then}${received}.`;
  });
}

await main(import.meta, { usage: USAGE, parse: parseCommand, run });
