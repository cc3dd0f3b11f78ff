// The changes of the history page: its filters (by code, by person), kept in the address's query
// so that a filtered history can be linked to and reloaded, the CSV of what they keep, and the
// entries themselves, the latest HISTORY_PAGE_SIZE first and older ones on demand. The filters
// choose among the loaded entries: a code or a person is offered when the history names them.
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { filtersFrom, type HistoryFilters } from '../../../domain/history-path';
import {
  codeOptions,
  filterHistory,
  historyCsv,
  historyCsvFileName,
  personOptions,
  type CodeNames,
  type FilterOption,
} from '../../../domain/history-view';
import { saveFile } from '../../../lib/save-file';
import { FormAlert, SelectField } from '../../../lib/ui/field';
import { useCodesListing } from '../codes/use-saved-codes';
import { HistoryTable } from './history-table';
import { HISTORY_PAGE_SIZE, useHistory } from './use-history';

/** The options, with the filter's value among them even when the loaded entries do not name it. */
const withChosen = (options: FilterOption[], chosen: string | null, label: string) =>
  chosen && !options.some((option) => option.value === chosen)
    ? [...options, { value: chosen, label }]
    : options;

const changes = (count: number) => (count === 1 ? '1 change' : `${count} changes`);

export function HistoryChanges({ workspace }: { workspace: string }) {
  const [count, setCount] = useState(HISTORY_PAGE_SIZE);
  const history = useHistory(workspace, count);
  const listing = useCodesListing();
  // The codes' names as the listing knows them; a deleted code has none, and its link names it.
  const names: CodeNames = useMemo(
    () =>
      new Map(
        (listing.status === 'ready' ? listing.codes : []).map((code) => [code.id, code.name]),
      ),
    [listing],
  );
  const [search, setSearch] = useSearchParams();
  const filters = filtersFrom(search);

  const setFilter = (key: keyof HistoryFilters, value: string) => {
    const next = new URLSearchParams(search);
    if (value) next.set(key, value);
    else next.delete(key);
    setSearch(next, { replace: true });
  };

  if (history.status === 'loading') return <p>Loading the history…</p>;
  if (history.status === 'failed') return <FormAlert>{history.message}</FormAlert>;

  const { entries, more } = history;
  const shown = filterHistory(entries, filters);
  const filtered = filters.code !== null || filters.by !== null;
  const download = () =>
    saveFile(
      new Blob([historyCsv(shown, { names, origin: window.location.origin, workspace })], {
        type: 'text/csv;charset=utf-8',
      }),
      historyCsvFileName(new Date()),
    );

  return (
    <section className="panel history__changes" aria-labelledby="history-changes-title">
      <h2 id="history-changes-title">Changes</h2>
      {entries.length === 0 ? (
        <p>
          Nothing has changed yet. Each time someone in this workspace makes a dynamic code, points
          it somewhere else, changes its password, its dates or its scan limit, or retires or
          restores it, the change appears here with who made it and when.
        </p>
      ) : (
        <>
          <div className="history__tools">
            <SelectField
              label="Code"
              placeholder="All codes"
              value={filters.code ?? ''}
              options={withChosen(
                codeOptions(entries, names),
                filters.code,
                names.get(filters.code ?? '') ?? 'This code',
              )}
              onChange={(event) => setFilter('code', event.target.value)}
            />
            <SelectField
              label="Person"
              placeholder="Everyone"
              value={filters.by ?? ''}
              options={withChosen(personOptions(entries, workspace), filters.by, 'This person')}
              onChange={(event) => setFilter('by', event.target.value)}
            />
            <button
              type="button"
              className="button button--ghost history__csv"
              onClick={download}
              disabled={shown.length === 0}
            >
              Download CSV
            </button>
          </div>
          <p className="history__count" aria-live="polite">
            {filtered
              ? `Showing ${shown.length} of ${changes(entries.length)}`
              : changes(entries.length)}
            {more ? ', the latest ones' : ''}
          </p>
          {shown.length === 0 ? (
            <p>No change matches these filters.</p>
          ) : (
            <HistoryTable entries={shown} names={names} workspace={workspace} />
          )}
        </>
      )}
      {more ? (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => setCount((loaded) => loaded + HISTORY_PAGE_SIZE)}
        >
          Show older changes
        </button>
      ) : null}
    </section>
  );
}
