// The desk's building blocks (desk-sections.tsx, desk-builds.tsx): one request at a time with what
// its answer said, a search form, and tables whose columns are described once.
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { DESK_REASON_MAX, type DeskAnswer } from '../../domain/desk-api';
import { Field, FormAlert, StatusMessage } from '../../lib/ui/field';

export type Said = { readonly tone: 'info' | 'error'; readonly text: string } | null;

/** One request at a time, and what its answer said. */
export function useDeskCall() {
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<Said>(null);
  const call = useCallback(
    async (send: () => Promise<DeskAnswer>, { quiet = false } = {}): Promise<DeskAnswer> => {
      setBusy(true);
      setSaid(null);
      try {
        const answer = await send();
        if (!answer.ok) setSaid({ tone: 'error', text: answer.message });
        else if (answer.message && !quiet) setSaid({ tone: 'info', text: answer.message });
        return answer;
      } finally {
        setBusy(false);
      }
    },
    [],
  );
  return { busy, said, setSaid, call };
}

/**
 * Asks once as the section opens (unless `ask` is null): `show` its answer, or `say` its refusal.
 * What it answers is dropped once the person has asked for something else (the function it returns
 * says so): the desk's first request can be slow (a function starting), and its late answer must
 * not replace what they searched for meanwhile.
 */
export function useOnOpen(
  ask: (() => Promise<DeskAnswer>) | null,
  show: (answer: Extract<DeskAnswer, { ok: true }>) => void,
  say: (said: Said) => void,
): () => void {
  const first = useRef({ ask, show, say });
  const superseded = useRef(false);
  useEffect(() => {
    let live = true;
    const { ask: asking, show: showing, say: saying } = first.current;
    void asking?.().then((answer) => {
      if (!live || superseded.current) return;
      if (answer.ok) showing(answer);
      else saying({ tone: 'error', text: answer.message });
    });
    return () => {
      live = false;
    };
  }, []);
  return useCallback(() => {
    superseded.current = true;
  }, []);
}

export function Said({ said }: { said: Said }) {
  return (
    <>
      <StatusMessage message={said?.tone === 'info' ? said.text : null} />
      {said?.tone === 'error' ? <FormAlert>{said.text}</FormAlert> : null}
    </>
  );
}

/** A search box with its button. */
export function SearchForm({
  label,
  hint,
  button,
  busy,
  onSearch,
  initial = '',
}: {
  label: string;
  hint: string;
  button: string;
  busy: boolean;
  onSearch: (query: string) => void;
  initial?: string;
}) {
  const [query, setQuery] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(query);
  };
  return (
    <form className="desk__search" onSubmit={submit} role="search" aria-label={button}>
      <Field
        label={label}
        hint={hint}
        value={query}
        maxLength={100}
        onChange={(event) => setQuery(event.target.value)}
      />
      <button type="submit" className="button" disabled={busy}>
        {button}
      </button>
    </form>
  );
}

/** A table whose columns are described once: a heading and what each row shows. */
export function Table<Row>({
  caption,
  rows,
  columns,
  rowKey,
}: {
  caption: string;
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string;
}) {
  return (
    <div className="desk__table">
      <table>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map(({ heading }) => (
              <th key={heading} scope="col">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map(({ heading, cell }) => (
                <td key={heading} data-label={heading}>
                  {cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export type DeskOk = Extract<DeskAnswer, { ok: true }>;

/** A column of a table: its heading and what each row shows under it. */
export type Column<Row> = { readonly heading: string; readonly cell: (row: Row) => ReactNode };

/**
 * A search and the table of what it finds: the desk's accounts and builds. `onOpen`: it shows
 * what an empty search finds as the section opens.
 */
export function SearchedTable<Row>({
  search,
  rowsOf,
  onOpen = false,
  form,
  empty,
  caption,
  rowKey,
  columns,
}: {
  search: (query: string) => Promise<DeskAnswer>;
  rowsOf: (answer: DeskOk) => readonly Row[] | undefined;
  onOpen?: boolean;
  form: { readonly label: string; readonly hint: string; readonly button: string };
  empty: string;
  caption: string;
  rowKey: (row: Row) => string;
  columns: readonly Column<Row>[];
}) {
  const { busy, said, setSaid, call } = useDeskCall();
  const [rows, setRows] = useState<readonly Row[] | null>(null);
  const supersede = useOnOpen(
    onOpen ? () => search('') : null,
    (answer) => setRows(rowsOf(answer) ?? []),
    setSaid,
  );
  const find = async (query: string) => {
    supersede();
    const answer = await call(() => search(query));
    if (answer.ok) setRows(rowsOf(answer) ?? []);
  };
  return (
    <>
      <SearchForm {...form} busy={busy} onSearch={(query) => void find(query)} />
      <Said said={said} />
      {rows === null ? null : rows.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <Table caption={caption} rows={rows} rowKey={rowKey} columns={columns} />
      )}
    </>
  );
}

/**
 * A list the desk asks for as the section opens, and again when staff refresh it (the reports
 * waiting, the audit log): its rows (null until the first answer), and the section's one request
 * at a time, which the section's own actions share.
 */
export function useDeskList<Row>(
  ask: () => Promise<DeskAnswer>,
  rowsOf: (answer: DeskOk) => readonly Row[] | undefined,
) {
  const { busy, said, setSaid, call } = useDeskCall();
  const [rows, setRows] = useState<readonly Row[] | null>(null);
  const supersede = useOnOpen(ask, (answer) => setRows(rowsOf(answer) ?? []), setSaid);
  const refresh = async () => {
    supersede();
    const answer = await call(ask, { quiet: true });
    if (answer.ok) setRows(rowsOf(answer) ?? []);
  };
  return { rows, setRows, refresh, busy, said, call };
}

/** Asks for a list again ("Refresh the log"). */
export function RefreshButton({
  busy,
  onRefresh,
  children,
}: {
  busy: boolean;
  onRefresh: () => Promise<void>;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="button button--ghost"
      disabled={busy}
      onClick={() => void onRefresh()}
    >
      {children}
    </button>
  );
}

/**
 * A form of one required reason and its button, for an action the audit log keeps with the reason
 * typed (switching a link, closing a report). `act` answers whether it was done: then the reason
 * is cleared; otherwise what was typed stays.
 */
export function ReasonForm({
  name,
  label,
  hint,
  button,
  busy,
  act,
}: {
  /** The form's accessible name. */
  name: string;
  label: string;
  hint: string;
  button: string;
  busy: boolean;
  act: (reason: string) => Promise<boolean>;
}) {
  const [reason, setReason] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await act(reason)) setReason('');
  };
  return (
    <form className="desk__form" onSubmit={(event) => void submit(event)} aria-label={name}>
      <Field
        label={label}
        hint={hint}
        required
        maxLength={DESK_REASON_MAX}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <button type="submit" className="button" disabled={busy}>
        {button}
      </button>
    </form>
  );
}
