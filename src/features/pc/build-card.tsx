// One custom PC build on the PC dashboard: what was asked, the company's quote (accepted here
// while it is valid), how to pay its order and, once paid, its invoice; the steps it has reached,
// each with its day and the company's notes; after collection, the warranty's last day; and the
// thread with the company (build-thread.tsx).
import { useState } from 'react';
import { builds as buildTerms } from '../../config/builds';
import { formatDay, type BuildOrder } from '../../domain/billing';
import { QUOTE_MESSAGES, quoteValidOn, type Quote } from '../../domain/build-quote';
import { formatCents, formatCentsExact } from '../../domain/money';
import {
  buildName,
  buildPurposes,
  buildStepIds,
  buildSteps,
  warrantyEnd,
  type BuildSummary,
} from '../../domain/pc-builds';
import { scanDay } from '../../domain/qr/scan-time';
import { InvoiceButton, useInvoiceDownload } from '../../lib/billing/invoice-download';
import { PayByEft } from '../../lib/billing/pay-by-eft';
import { Facts } from '../../lib/ui/facts';
import { FormAlert } from '../../lib/ui/field';
import { BuildPhoto } from './build-photo';
import { askBuilds } from './build-requests';
import { BuildThread } from './build-thread';

/** When the customer accepted the quote, as its timeline keeps it. */
const acceptedOn = (build: BuildSummary) =>
  build.timeline.find((entry) => entry.step === 'accepted')?.at ?? null;

/** A quote's last day as people read it. */
const lastDay = (quote: Quote) => formatDay(Date.parse(`${quote.validUntil}T10:00:00Z`));

export function BuildCard({ build, order }: { build: BuildSummary; order: BuildOrder | null }) {
  const name = buildName(build.number);
  const title = `${name}: ${buildPurposes[build.purpose].label}`;
  const warranty = warrantyEnd(build, buildTerms.warrantyMonths);
  return (
    <article className="pc__build" aria-label={title}>
      <h3>{title}</h3>
      <Facts
        facts={[
          ['Asked on', formatDay(build.createdAt)],
          ['Budget', formatCents(build.budgetCents)],
          ['Must have', build.mustHaves || 'Nothing in particular'],
          ['Like', build.likeBuild ? `Gallery build #${build.likeBuild}` : 'None'],
          ...(warranty ? ([['Warranty until', formatDay(warranty)]] as const) : []),
        ]}
      />
      {build.quote ? <QuoteView build={build} quote={build.quote} /> : null}
      {order ? <OrderView order={order} /> : null}
      <Timeline build={build} />
      <BuildThread build={build} />
    </article>
  );
}

/** The company's quote: its parts, labour, VAT and total, its last day, and accepting it. */
function QuoteView({ build, quote }: { build: BuildSummary; quote: Quote }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const valid = quoteValidOn(quote.validUntil, scanDay(new Date()));
  const rows: readonly (readonly [string, number])[] = [
    ...quote.lines.map((line) => [line.description, line.cents] as const),
    ['Labour', quote.labourCents],
  ];
  const accept = async () => {
    setBusy(true);
    setProblem(null);
    const answer = await askBuilds('accept', { build: build.id });
    setBusy(false);
    // Accepted, the build and its order arrive from Firestore, and this part of the card changes.
    if (!answer.ok) setProblem(answer.message);
  };
  return (
    <div className="pc__quote">
      <h4>Our quote</h4>
      <table>
        <caption className="visually-hidden">The quote for {buildName(build.number)}</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Price</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([item, cents], index) => (
            <tr key={`${index}-${item}`}>
              <td>{item}</td>
              <td>{formatCentsExact(cents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">
              {quote.vatPercent === null ? 'VAT (not charged)' : `VAT at ${quote.vatPercent}%`}
            </th>
            <td>{formatCentsExact(quote.vatCents)}</td>
          </tr>
          <tr>
            <th scope="row">Total</th>
            <td>
              <strong>{formatCentsExact(quote.totalCents)}</strong>
            </td>
          </tr>
        </tfoot>
      </table>
      {quote.note ? <p className="pc__note">{quote.note}</p> : null}
      {build.step !== 'quoted' ? (
        <p>You accepted it on {formatDay(acceptedOn(build) ?? quote.quotedAt)}.</p>
      ) : valid ? (
        <>
          <p>Valid until {lastDay(quote)}.</p>
          <button
            type="button"
            className="button pc__accept"
            disabled={busy}
            onClick={() => void accept()}
          >
            {busy ? 'Accepting…' : `Accept the quote: ${formatCentsExact(quote.totalCents)}`}
          </button>
        </>
      ) : (
        <p className="pc__expired">
          {QUOTE_MESSAGES.expired} (It was valid until {lastDay(quote)}.)
        </p>
      )}
      {problem ? <FormAlert tone="error">{problem}</FormAlert> : null}
    </div>
  );
}

/** The order of an accepted quote: how to pay it, or, paid, its invoice. */
function OrderView({ order }: { order: BuildOrder }) {
  const { download, problem } = useInvoiceDownload();
  if (order.state === 'awaiting-payment') {
    return (
      <PayByEft
        order={order}
        after="We order the parts when the payment reaches us, usually within two working days."
      />
    );
  }
  if (order.state !== 'paid') return null;
  return (
    <div className="pc__paid">
      <p>
        Paid on {formatDay(order.paidAt ?? order.createdAt)}: thank you.{' '}
        <InvoiceButton order={order} download={download} />
      </p>
      {problem ? <FormAlert tone="error">{problem}</FormAlert> : null}
    </div>
  );
}

/** Every step in order: those reached with their day and the company's notes, the current marked. */
function Timeline({ build }: { build: BuildSummary }) {
  const reached = buildStepIds.indexOf(build.step);
  return (
    <ol className="pc__timeline" aria-label={`Steps of ${buildName(build.number)}`}>
      {buildStepIds.map((step, index) => {
        const entries = build.timeline.filter((entry) => entry.step === step);
        const state = index < reached ? 'is-done' : index === reached ? 'is-current' : '';
        return (
          <li key={step} className={state} aria-current={index === reached ? 'step' : undefined}>
            <span className="pc__step">
              {buildSteps[step]}
              <span className="visually-hidden">
                {index < reached ? ' (done)' : index === reached ? ' (now)' : ''}
              </span>
            </span>
            {entries.length > 0 ? (
              <span className="pc__step-day"> {formatDay(entries[0]!.at)}</span>
            ) : null}
            {entries
              .filter((entry) => (entry.note && step !== 'quoted') || entry.photos.length > 0)
              .map((entry) => (
                <div key={entry.at} className="pc__entry">
                  {entry.note && step !== 'quoted' ? (
                    <p className="pc__note">{entry.note}</p>
                  ) : null}
                  {entry.photos.length > 0 ? (
                    <div className="pc__photos">
                      {entry.photos.map((sha256, index) => (
                        <BuildPhoto
                          key={sha256}
                          build={build.id}
                          sha256={sha256}
                          alt={`${buildName(build.number)} at ${buildSteps[step]}: photo ${index + 1} of ${entry.photos.length}`}
                        />
                      ))}
                    </div>
                  ) : null}
                </div>
              ))}
          </li>
        );
      })}
    </ol>
  );
}
