// A batch being written, and what it made: rows done of rows in all while it goes (and why it
// waits, offline or for the server), then what was created, updated and left as it was, each row
// the server refused with its reason, and each dynamic code whose link could not be made yet.
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { BulkRowResult } from '../../../domain/bulk/bulk-api';
import type { CodeLink } from '../../../domain/records/links';
import type { SavedCode } from '../../../domain/qr/saved-code';
import { FormAlert, StatusMessage } from '../../../lib/ui/field';
import { answeredCount, isFinished, type BulkJob } from './bulk-writer';
import { BulkPrints } from './bulk-prints';
import { RowNotes } from './row-notes';
import { printItem, type PrintItem } from './print-check';
import { counted, formatCount } from '../../../domain/counts';

const outcomeWords: Record<BulkRowResult['outcome'], (n: number) => string> = {
  created: (n) => `${counted(n, 'new code')} made`,
  updated: (n) => `${counted(n, 'code')} updated`,
  unchanged: (n) => `${formatCount(n)} already as the sheet says`,
  refused: (n) => `${formatCount(n)} refused`,
};

/**
 * The batch's codes to print, in the sheet's order, as My QR Codes lists them now (null until the
 * list holds every one of them: it follows the server's writes within moments).
 */
function printItems(
  job: BulkJob,
  codes: readonly SavedCode[],
  links: ReadonlyMap<string, CodeLink>,
): PrintItem[] | null {
  const byId = new Map(codes.map((code) => [code.id, code]));
  const items: PrintItem[] = [];
  for (const { row, values } of job.rows) {
    const result = job.results[row];
    if (!result || result.outcome === 'refused') continue;
    const code = byId.get(result.code);
    if (!code) return null;
    const linkId = links.get(code.id)?.id ?? result.link;
    const fileName = values.fileName?.trim() || code.name;
    items.push(printItem(code, linkId, window.location.origin, fileName, result.linkMessage));
  }
  return items;
}

/** The files' name for a batch: its sheet's type and day, "website-codes-2026-12-05". */
const batchName = (job: BulkJob) =>
  `${job.type === 'web' ? 'website' : job.type}-codes-${new Date().toISOString().slice(0, 10)}`;

export function BulkProgress({
  job,
  waiting,
  codes,
  links,
  codesPath,
  onDone,
}: {
  job: BulkJob;
  waiting: string | null;
  codes: readonly SavedCode[];
  links: ReadonlyMap<string, CodeLink>;
  codesPath: string;
  onDone: () => void;
}) {
  const done = answeredCount(job);
  const finished = isFinished(job);
  const results = Object.values(job.results);
  const lineOf = new Map(job.rows.map((row) => [row.row, row.line]));
  const refused = results.filter((result) => result.outcome === 'refused');
  const unlinked = results.filter((result) => result.linkMessage);
  const tally = (Object.keys(outcomeWords) as BulkRowResult['outcome'][])
    .map(
      (outcome) =>
        [outcome, results.filter((result) => result.outcome === outcome).length] as const,
    )
    .filter(([, n]) => n > 0);

  // Listed again only when the batch or the codes change, not at each step of the print check.
  const items = useMemo(
    () => (finished ? printItems(job, codes, links) : null),
    [finished, job, codes, links],
  );
  return (
    <div className="bulk">
      <section className="panel bulk__step" aria-labelledby="bulk-writing">
        <h2 id="bulk-writing">{finished ? 'Your codes are made' : 'Writing your codes'}</h2>
        {job.workspace !== job.uid || !finished ? (
          <p className="bulk__hint">
            {job.workspace !== job.uid ? `In ${job.workspaceName}. ` : ''}
            {finished ? '' : 'You can leave this page: the rest is written when you open it again.'}
          </p>
        ) : null}
        <label className="bulk__progress">
          <span>
            Written {formatCount(done)} of {formatCount(job.rows.length)} rows
          </span>
          <progress max={job.rows.length} value={done} />
        </label>
        <StatusMessage message={waiting} />
        {job.stopped ? <FormAlert>{job.stopped}</FormAlert> : null}
        {finished || job.stopped ? (
          <>
            {tally.length > 0 ? (
              <ul className="bulk__tally">
                {tally.map(([outcome, n]) => (
                  <li key={outcome}>{outcomeWords[outcome](n)}</li>
                ))}
              </ul>
            ) : null}
            <RowNotes
              caption="Rows that need you"
              heading="Row"
              notes={[...refused, ...unlinked].map((result) => ({
                key: `${result.row}-${result.outcome}`,
                name: String(lineOf.get(result.row) ?? result.row + 2),
                text:
                  result.outcome === 'refused'
                    ? (result.message ?? 'Refused.')
                    : `Saved, without its short link for now: ${result.linkMessage}`,
              }))}
            />
            <div className="bulk__confirm">
              <Link to={codesPath} className="button">
                See them in My QR Codes
              </Link>
              <button type="button" className="button button--ghost" onClick={onDone}>
                Make more codes from a sheet
              </button>
            </div>
          </>
        ) : null}
      </section>
      {finished && items === null ? <p role="status">Listing the codes for print…</p> : null}
      {items && items.length > 0 ? <BulkPrints items={items} batchName={batchName(job)} /> : null}
    </div>
  );
}
