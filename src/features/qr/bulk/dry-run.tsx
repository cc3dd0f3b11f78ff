// The dry run: every row of the sheet checked, before anything is written. It says what the batch
// will create and what it will update, what stands in its way (a required column not chosen, the
// workspace's limits), and lists each problem by row and column, with the value to fix in place
// beside it. The rows to fix can also go back to the spreadsheet as a CSV, their problems in a
// column of their own.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { BatchPlan, CheckedRow } from '../../../domain/bulk/batch';
import { columnHeader, type BulkColumn, type ColumnMapping } from '../../../domain/bulk/columns';
import { failedRowsCsv } from '../../../domain/bulk/sheet-files';
import type { Sheet } from '../../../domain/bulk/sheet';
import { saveFile } from '../../../lib/save-file';
import { ChoiceGroup } from '../../../lib/ui/choice-group';
import { FormAlert } from '../../../lib/ui/field';
import { counted, formatCount } from '../../../domain/counts';

/** Rows listed at once: a long sheet's table grows by this many at the person's asking. */
const PAGE_ROWS = 100;

type Shown = 'failing' | 'all';

/** The confirmation's words: what it will do. */
function confirmLabel({ creates, updates }: BatchPlan): string {
  if (creates > 0 && updates > 0)
    return `Make ${counted(creates, 'new code')} and update ${formatCount(updates)}`;
  if (creates > 0) return `Make ${counted(creates, 'code')}`;
  if (updates > 0) return `Update ${counted(updates, 'code')}`;
  return 'Nothing to make or change';
}

export function DryRun({
  rows,
  plan,
  columns,
  mapping,
  sheet,
  fileName,
  missing,
  pricingPath,
  onFix,
  onConfirm,
}: {
  rows: readonly CheckedRow[];
  plan: BatchPlan;
  columns: readonly BulkColumn[];
  mapping: ColumnMapping;
  sheet: Sheet;
  fileName: string;
  /** The required columns not chosen yet, by name. */
  missing: readonly string[];
  pricingPath: string;
  onFix: (index: number, column: string, value: string) => void;
  onConfirm: () => void;
}) {
  const [shown, setShown] = useState<Shown>('failing');
  const [listed, setListed] = useState(PAGE_ROWS);
  const failing = rows.filter((row) => row.problems.length > 0);
  const list = shown === 'failing' ? failing : rows;
  const header = (id: string | null) => columnHeader(columns, id) ?? 'Whole row';
  const blocked = missing.length > 0 || plan.limits.length > 0 || plan.creates + plan.updates === 0;

  const downloadFailing = () =>
    saveFile(
      new Blob([failedRowsCsv(sheet.headers, sheet.rows, rows, columns, mapping)], {
        type: 'text/csv;charset=utf-8',
      }),
      `${fileName.replace(/\.[^.]*$/, '')}-rows-to-fix.csv`,
    );

  return (
    <section className="panel bulk__step" aria-labelledby="bulk-check">
      <h2 id="bulk-check">4. The check</h2>
      <p className="bulk__summary" role="status">
        {plan.good === plan.rows
          ? `All ${counted(plan.rows, 'row')} are ready.`
          : `${counted(plan.good, 'row')} of ${formatCount(plan.rows)} ${plan.good === 1 ? 'is' : 'are'} ready; ${counted(plan.failing, 'row')} to fix.`}{' '}
        {plan.good > 0
          ? `They will create ${counted(plan.creates, 'new code')}, update ${counted(plan.updates, 'code')}${plan.unchanged > 0 ? ` and leave ${counted(plan.unchanged, 'code')} as ${plan.unchanged === 1 ? 'it is' : 'they are'}` : ''}.`
          : null}
      </p>
      {missing.length > 0 ? (
        <FormAlert>Choose the column of each required field: {missing.join(', ')}.</FormAlert>
      ) : null}
      {plan.limits.map((limit) => (
        <FormAlert key={limit}>
          {limit} <Link to={pricingPath}>See the plans</Link>
        </FormAlert>
      ))}

      <div className="bulk__tools">
        <ChoiceGroup<Shown>
          legend="Show"
          name="bulk-shown"
          compact
          choices={[
            { id: 'failing', label: `Rows to fix (${formatCount(failing.length)})` },
            { id: 'all', label: `All rows (${formatCount(rows.length)})` },
          ]}
          value={shown}
          onChange={(next) => {
            setShown(next);
            setListed(PAGE_ROWS);
          }}
        />
        {failing.length > 0 ? (
          <button type="button" className="button button--ghost" onClick={downloadFailing}>
            Download the rows to fix (CSV)
          </button>
        ) : null}
      </div>

      {list.length === 0 ? (
        <p className="bulk__hint">Nothing to fix: every row makes a code.</p>
      ) : (
        <div className="bulk__table-wrap">
          <table className="bulk__table">
            <caption className="visually-hidden">
              {shown === 'failing'
                ? 'The rows to fix and their problems'
                : 'Every row of the sheet'}
            </caption>
            <thead>
              <tr>
                <th scope="col">Row</th>
                <th scope="col">Field</th>
                <th scope="col">Message</th>
                <th scope="col">Value</th>
              </tr>
            </thead>
            <tbody>
              {list.slice(0, listed).flatMap((row) =>
                row.problems.length === 0
                  ? [
                      <tr key={row.index}>
                        <th scope="row">{row.line}</th>
                        <td>{row.values.name || row.key || '—'}</td>
                        <td>Ready</td>
                        <td />
                      </tr>,
                    ]
                  : row.problems.map((problem, at) => (
                      <tr key={`${row.index}-${at}`} className="bulk__failing">
                        <th scope="row">{row.line}</th>
                        <td>{header(problem.column)}</td>
                        <td>{problem.message}</td>
                        <td>
                          {problem.column !== null ? (
                            <input
                              className="bulk__fix"
                              aria-label={`Row ${row.line}, ${header(problem.column)}`}
                              value={row.values[problem.column] ?? ''}
                              onChange={(event) =>
                                onFix(row.index, problem.column!, event.target.value)
                              }
                            />
                          ) : null}
                        </td>
                      </tr>
                    )),
              )}
            </tbody>
          </table>
        </div>
      )}
      {list.length > listed ? (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => setListed((shownRows) => shownRows + PAGE_ROWS)}
        >
          Show {formatCount(Math.min(PAGE_ROWS, list.length - listed))} more
        </button>
      ) : null}

      <div className="bulk__confirm">
        <button type="button" className="button" disabled={blocked} onClick={onConfirm}>
          {confirmLabel(plan)}
        </button>
        {plan.failing > 0 && plan.good > 0 ? (
          <p className="bulk__hint">
            The {counted(plan.failing, 'row')} to fix {plan.failing === 1 ? 'is' : 'are'} left out:
            fix {plan.failing === 1 ? 'it' : 'them'} above first, or make{' '}
            {plan.failing === 1 ? 'it' : 'them'} later.
          </p>
        ) : null}
      </div>
    </section>
  );
}
