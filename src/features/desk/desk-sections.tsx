// The desk's sections (desk-page.tsx): each asks the desk function (desk-requests.ts) and shows its
// answer, or its refusal in the server's words beside the form, keeping what was typed.
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { formatDay, orderItem, orderStateLabels, type Order } from '../../domain/billing';
import type { DeskAccount, DeskAnswer, DeskLink } from '../../domain/desk-api';
import { billing } from '../../config/billing';
import {
  QUOTE_LINE_MAX,
  QUOTE_LINES_MAX,
  QUOTE_VALID_DAYS_MAX,
  quoteTotals,
} from '../../domain/build-quote';
import { centsFromRand, formatCents, formatCentsExact } from '../../domain/money';
import { buildName, buildPurposes, buildSteps, type BuildSummary } from '../../domain/pc-builds';
import { linkIdIn } from '../../domain/qr/short-link';
import { addDays, scanDay } from '../../domain/qr/scan-time';
import { auditActions, type AuditEntry } from '../../domain/records/staff';
import { Facts } from '../../lib/ui/facts';
import { Field, FormAlert, StatusMessage, TextAreaField } from '../../lib/ui/field';
import { askDesk } from './desk-requests';

type Said = { readonly tone: 'info' | 'error'; readonly text: string } | null;

/** One request at a time, and what its answer said. */
function useDeskCall() {
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

/** Asks once as the section opens (unless `ask` is null): `show` its answer, or `say` its refusal. */
function useOnOpen(
  ask: (() => Promise<DeskAnswer>) | null,
  show: (answer: Extract<DeskAnswer, { ok: true }>) => void,
  say: (said: Said) => void,
) {
  const first = useRef({ ask, show, say });
  useEffect(() => {
    let live = true;
    const { ask: asking, show: showing, say: saying } = first.current;
    void asking?.().then((answer) => {
      if (!live) return;
      if (answer.ok) showing(answer);
      else saying({ tone: 'error', text: answer.message });
    });
    return () => {
      live = false;
    };
  }, []);
}

function Said({ said }: { said: Said }) {
  return (
    <>
      <StatusMessage message={said?.tone === 'info' ? said.text : null} />
      {said?.tone === 'error' ? <FormAlert>{said.text}</FormAlert> : null}
    </>
  );
}

/** A search box with its button. */
function SearchForm({
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
function Table<Row>({
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

// --- Orders ---------------------------------------------------------------------------------

export function OrdersSection() {
  const { busy, said, setSaid, call } = useDeskCall();
  const [orders, setOrders] = useState<readonly Order[] | null>(null);
  const [paying, setPaying] = useState<Order | null>(null);
  const [query, setQuery] = useState('');

  const search = useCallback(
    async (wanted: string) => {
      setQuery(wanted);
      const answer = await call(() => askDesk('orders', { query: wanted }));
      if (answer.ok) setOrders(answer.orders ?? []);
    },
    [call],
  );
  // The orders waiting, as the section opens.
  useOnOpen(
    () => askDesk('orders', { query: '' }),
    (answer) => setOrders(answer.orders ?? []),
    setSaid,
  );

  const columns = [
    { heading: 'Reference', cell: (order: Order) => <strong>{order.reference}</strong> },
    { heading: 'Ordered', cell: (order: Order) => formatDay(order.createdAt) },
    { heading: 'For', cell: (order: Order) => orderItem(order) },
    { heading: 'Amount', cell: (order: Order) => formatCents(order.amountCents) },
    {
      heading: 'Customer',
      cell: (order: Order) => order.customer.email ?? order.customer.name ?? order.owner,
    },
    {
      heading: 'State',
      cell: (order: Order) =>
        order.state === 'paid' && order.invoiceNumber
          ? `${orderStateLabels.paid}, ${order.invoiceNumber}`
          : orderStateLabels[order.state],
    },
    {
      heading: 'Action',
      cell: (order: Order) =>
        order.state === 'awaiting-payment' ? (
          <button
            type="button"
            className="button button--ghost"
            aria-expanded={paying?.id === order.id}
            onClick={() => setPaying(paying?.id === order.id ? null : order)}
          >
            Mark paid<span className="visually-hidden"> {order.reference}</span>
          </button>
        ) : null,
    },
  ] as const;

  return (
    <>
      <SearchForm
        label="Find an order"
        hint="A payment reference (KCW-XXXX-XXXX), or the customer’s email or name. Empty: every order waiting."
        button="Search orders"
        busy={busy}
        onSearch={(wanted) => void search(wanted)}
      />
      <Said said={said} />
      {orders === null ? null : orders.length === 0 ? (
        <p>{query ? `No order matches “${query}”.` : 'No orders are waiting for payment.'}</p>
      ) : (
        <Table caption="Orders" rows={orders} columns={columns} rowKey={(order) => order.id} />
      )}
      {paying ? (
        <PaidForm
          key={paying.id}
          order={paying}
          onPaid={(message) => {
            setPaying(null);
            void search(query).then(() => setSaid({ tone: 'info', text: message }));
          }}
        />
      ) : null}
    </>
  );
}

function PaidForm({ order, onPaid }: { order: Order; onPaid: (message: string) => void }) {
  const { busy, said, call } = useDeskCall();
  const [amount, setAmount] = useState('');
  const [on, setOn] = useState(() => scanDay(new Date()));
  const [reason, setReason] = useState('');
  const reasonId = `paid-reason-${order.id}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await call(() =>
      askDesk('paid', { reference: order.reference, amount, reason, on }),
    );
    if (answer.ok) {
      onPaid(answer.message ?? `Order ${order.reference} is paid.`);
    } else if (answer.problem === 'payment-differs') {
      // The reason is what the refusal asks for.
      document.getElementById(reasonId)?.focus();
    }
  };

  return (
    <form
      className="desk__form"
      onSubmit={(event) => void submit(event)}
      aria-labelledby={`paid-${order.id}`}
    >
      <h3 id={`paid-${order.id}`}>
        Mark {order.reference} paid ({formatCents(order.amountCents)})
      </h3>
      <Field
        label="Amount received (rand)"
        hint="As the bank statement shows it, e.g. 600 or 1234.56."
        inputMode="decimal"
        required
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
      />
      <Field
        label="Day it arrived"
        type="date"
        required
        max={scanDay(new Date())}
        value={on}
        onChange={(event) => setOn(event.target.value)}
      />
      <Field
        id={reasonId}
        label="Reason, if the amount differs"
        hint="Kept with the order and in the audit log, e.g. “bank fee of R5 deducted”."
        maxLength={500}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <Said said={said} />
      <button type="submit" className="button" disabled={busy}>
        Mark paid
      </button>
    </form>
  );
}

// --- Links ----------------------------------------------------------------------------------

export function LinksSection() {
  const { busy, said, setSaid, call } = useDeskCall();
  const [typed, setTyped] = useState('');
  const [link, setLink] = useState<DeskLink | null>(null);
  const [reason, setReason] = useState('');

  const lookUp = async (event: FormEvent) => {
    event.preventDefault();
    const id = linkIdIn(typed);
    if (!id) {
      setSaid({
        tone: 'error',
        text: 'Give the short link’s address or its id: the part after /q/.',
      });
      return;
    }
    const answer = await call(() => askDesk('link', { id }));
    setLink(answer.ok ? (answer.link ?? null) : null);
  };

  const toggle = async (event: FormEvent) => {
    event.preventDefault();
    if (!link) return;
    const on = link.state === 'switched-off';
    const answer = await call(() => askDesk('switch', { id: link.id, on, reason }));
    if (answer.ok && answer.link) {
      setLink(answer.link);
      setReason('');
    }
  };

  const off = link?.state === 'switched-off';
  return (
    <>
      <form
        className="desk__search"
        onSubmit={(event) => void lookUp(event)}
        aria-label="Find a short link"
      >
        <Field
          label="Short link"
          hint="Its address (…/q/AbCd234xyz) or id, as the report gives it."
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <button type="submit" className="button" disabled={busy}>
          Look up
        </button>
      </form>
      <Said said={said} />
      {link ? (
        <div className="desk__link">
          <Facts
            facts={
              [
                ['Short link', `/q/${link.id}`],
                ['Owner', link.ownerEmail ?? link.owner],
                ['Destination', link.destination ?? 'None yet'],
                [
                  'State',
                  off
                    ? `Switched off${link.switchedOff?.at ? ` on ${formatDay(link.switchedOff.at)}` : ''}${link.switchedOff?.by ? ` by ${link.switchedOff.by}` : ''}: ${link.switchedOff?.reason ?? ''}`
                    : link.state === 'retired'
                      ? 'Retired by its owner'
                      : 'Active',
                ],
                ['Made', link.createdAt ? formatDay(link.createdAt) : 'Unknown'],
                ['Scans in all', String(link.allScans)],
              ] as const
            }
          />
          <Table
            caption={`Scans of /q/${link.id}, the last ${link.days.length} days`}
            rows={link.days}
            rowKey={(day) => day.day}
            columns={[
              { heading: 'Day', cell: (day) => day.day },
              { heading: 'Scans', cell: (day) => day.scans },
              { heading: 'Visitors', cell: (day) => day.unique },
            ]}
          />
          <form
            className="desk__form"
            onSubmit={(event) => void toggle(event)}
            aria-label={off ? 'Switch the link on again' : 'Switch the link off'}
          >
            <Field
              label={off ? 'Why it may work again' : 'Why it is switched off'}
              hint="Kept in the audit log, and emailed to the owner."
              required
              maxLength={500}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
            <button type="submit" className="button" disabled={busy}>
              {off ? 'Switch on again' : 'Switch off'}
            </button>
          </form>
        </div>
      ) : null}
    </>
  );
}

// --- Accounts -------------------------------------------------------------------------------

type DeskOk = Extract<DeskAnswer, { ok: true }>;

/** A column of a table: its heading and what each row shows under it. */
type Column<Row> = { readonly heading: string; readonly cell: (row: Row) => ReactNode };

/**
 * A search and the table of what it finds: the desk's accounts and builds. `onOpen`: it shows
 * what an empty search finds as the section opens.
 */
function SearchedTable<Row>({
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
  useOnOpen(onOpen ? () => search('') : null, (answer) => setRows(rowsOf(answer) ?? []), setSaid);
  const find = async (query: string) => {
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

// --- Accounts -------------------------------------------------------------------------------

const accountColumns: readonly Column<DeskAccount>[] = [
  {
    heading: 'Account',
    cell: (account) => (
      <>
        <strong>{account.email ?? account.uid}</strong>
        {account.name ? <span className="desk__note">{account.name}</span> : null}
      </>
    ),
  },
  { heading: 'Plan and trial', cell: (account) => account.standing },
  { heading: 'Trial ends', cell: (account) => formatDay(account.trialEndsAt) },
  { heading: 'Codes', cell: (account) => account.codes },
  { heading: 'Live links', cell: (account) => account.links },
  {
    heading: 'Joined',
    cell: (account) => (account.createdAt ? formatDay(account.createdAt) : ''),
  },
];

export function AccountsSection() {
  return (
    <SearchedTable
      search={(query) => askDesk('accounts', { query })}
      rowsOf={(answer) => answer.accounts}
      form={{
        label: 'Find an account',
        hint: 'An email address, or part of one, or a name.',
        button: 'Search accounts',
      }}
      empty="No account matches."
      caption="Accounts"
      rowKey={(account) => account.uid}
      columns={accountColumns}
    />
  );
}

// --- PC builds ------------------------------------------------------------------------------

const buildColumns: readonly Column<BuildSummary>[] = [
  { heading: 'Build', cell: (build) => <strong>{buildName(build.number)}</strong> },
  { heading: 'Asked', cell: (build) => formatDay(build.createdAt) },
  { heading: 'For', cell: (build) => buildPurposes[build.purpose].label },
  { heading: 'Budget', cell: (build) => formatCents(build.budgetCents) },
  { heading: 'Must have', cell: (build) => build.mustHaves },
  {
    heading: 'Like',
    cell: (build) => (build.likeBuild ? `Gallery build #${build.likeBuild}` : ''),
  },
  { heading: 'Customer', cell: (build) => build.customerEmail ?? build.owner },
  { heading: 'Step', cell: (build) => buildSteps[build.step] },
];

export function BuildsSection() {
  const [quoting, setQuoting] = useState<BuildSummary | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const columns: readonly Column<BuildSummary>[] = [
    ...buildColumns,
    {
      heading: 'Action',
      cell: (build) =>
        build.step === 'requested' || build.step === 'quoted' ? (
          <button
            type="button"
            className="button button--ghost"
            aria-expanded={quoting?.id === build.id}
            onClick={() => setQuoting(quoting?.id === build.id ? null : build)}
          >
            {build.quote ? 'Quote again' : 'Quote'}
            <span className="visually-hidden"> {buildName(build.number)}</span>
          </button>
        ) : null,
    },
  ];
  return (
    <>
      <SearchedTable
        search={(query) => askDesk('builds', { query })}
        rowsOf={(answer) => answer.builds}
        onOpen
        form={{
          label: 'Find a build',
          hint: 'A build’s number, or the customer’s email. Empty: every request waiting for a quote.',
          button: 'Search builds',
        }}
        empty="No build requests are waiting for a quote."
        caption="PC builds"
        rowKey={(build) => build.id}
        columns={columns}
      />
      <StatusMessage message={done} />
      {quoting ? (
        <QuoteForm
          key={quoting.id}
          build={quoting}
          onQuoted={(message) => {
            setQuoting(null);
            setDone(message);
          }}
        />
      ) : null}
    </>
  );
}

interface LineTyped {
  readonly description: string;
  readonly price: string;
}

/** The quote of a build, typed at the desk: the parts, labour, the last day and a note. */
function QuoteForm({
  build,
  onQuoted,
}: {
  build: BuildSummary;
  onQuoted: (message: string) => void;
}) {
  const { busy, said, call } = useDeskCall();
  const today = scanDay(new Date());
  // Quoting again starts from the quote sent: its amounts as rand typed (7499.00), its note.
  const before = build.quote;
  const typed = (cents: number) => (cents / 100).toFixed(2);
  const [lines, setLines] = useState<readonly LineTyped[]>(
    before?.lines.map((line) => ({ description: line.description, price: typed(line.cents) })) ?? [
      { description: '', price: '' },
    ],
  );
  const [labour, setLabour] = useState(before ? typed(before.labourCents) : '');
  const [validUntil, setValidUntil] = useState(() => addDays(today, 14));
  const [note, setNote] = useState(before?.note ?? '');
  const name = buildName(build.number);
  const totals = quoteTotals(
    lines.map((line) => ({ description: line.description, cents: centsFromRand(line.price) ?? 0 })),
    centsFromRand(labour) ?? 0,
    billing.vat,
  );
  const setLine = (index: number, field: keyof LineTyped, value: string) =>
    setLines((before) =>
      before.map((line, at) => (at === index ? { ...line, [field]: value } : line)),
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await call(() =>
      askDesk('quote', { build: build.id, lines: [...lines], labour, validUntil, note }),
    );
    if (answer.ok) onQuoted(answer.message ?? `${name} is quoted.`);
  };

  return (
    <form
      className="desk__form"
      onSubmit={(event) => void submit(event)}
      aria-labelledby={`quote-${build.id}`}
    >
      <h3 id={`quote-${build.id}`}>
        Quote {name} ({buildPurposes[build.purpose].label}, budget {formatCents(build.budgetCents)})
      </h3>
      {lines.map((line, index) => (
        <fieldset key={index} className="desk__line">
          <legend>Part {index + 1}</legend>
          <Field
            label="What it is"
            maxLength={QUOTE_LINE_MAX}
            value={line.description}
            onChange={(event) => setLine(index, 'description', event.target.value)}
          />
          <Field
            label="Price (rand, before VAT)"
            inputMode="decimal"
            value={line.price}
            onChange={(event) => setLine(index, 'price', event.target.value)}
          />
          {lines.length > 1 ? (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => setLines((before) => before.filter((_, at) => at !== index))}
            >
              Remove part {index + 1}
            </button>
          ) : null}
        </fieldset>
      ))}
      {lines.length < QUOTE_LINES_MAX ? (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => setLines((before) => [...before, { description: '', price: '' }])}
        >
          Add a part
        </button>
      ) : null}
      <Field
        label="Labour (rand, before VAT)"
        inputMode="decimal"
        value={labour}
        onChange={(event) => setLabour(event.target.value)}
      />
      <Field
        label="Valid until"
        type="date"
        min={today}
        max={addDays(today, QUOTE_VALID_DAYS_MAX)}
        value={validUntil}
        onChange={(event) => setValidUntil(event.target.value)}
      />
      <TextAreaField
        label="Note to the customer"
        hint="Optional: stock, delivery, what you chose and why."
        rows={3}
        maxLength={1000}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      <Facts
        facts={[
          ['Before VAT', formatCentsExact(totals.subtotalCents)],
          [
            totals.vatPercent === null ? 'VAT (not registered)' : `VAT at ${totals.vatPercent}%`,
            formatCentsExact(totals.vatCents),
          ],
          ['Total', formatCentsExact(totals.totalCents)],
        ]}
      />
      <Said said={said} />
      <button type="submit" className="button" disabled={busy}>
        Send the quote
      </button>
    </form>
  );
}

// --- Audit log ------------------------------------------------------------------------------

const when = (at: number) =>
  new Date(at).toLocaleString('en-ZA', {
    timeZone: 'Africa/Johannesburg',
    dateStyle: 'medium',
    timeStyle: 'short',
  });

export function AuditSection() {
  const { busy, said, setSaid, call } = useDeskCall();
  const [entries, setEntries] = useState<readonly AuditEntry[] | null>(null);
  const load = useCallback(async () => {
    const answer = await call(() => askDesk('audit', {}), { quiet: true });
    if (answer.ok) setEntries(answer.entries ?? []);
  }, [call]);
  useOnOpen(
    () => askDesk('audit', {}),
    (answer) => setEntries(answer.entries ?? []),
    setSaid,
  );
  return (
    <>
      <button
        type="button"
        className="button button--ghost"
        disabled={busy}
        onClick={() => void load()}
      >
        Refresh the log
      </button>
      <Said said={said} />
      {entries === null ? null : entries.length === 0 ? (
        <p>Nothing has been done at the desk yet.</p>
      ) : (
        <Table
          caption="Audit log, newest first"
          rows={entries}
          rowKey={(entry) => entry.id}
          columns={[
            { heading: 'When', cell: (entry) => when(entry.at) },
            { heading: 'Who', cell: (entry) => entry.byEmail ?? entry.by },
            { heading: 'What', cell: (entry) => auditActions[entry.action] },
            { heading: 'On', cell: (entry) => entry.target },
            { heading: 'Reason', cell: (entry) => entry.reason ?? '' },
            { heading: 'Detail', cell: (entry) => entry.detail ?? '' },
          ]}
        />
      )}
    </>
  );
}
