// The desk's sections (desk-page.tsx): each asks the desk function (desk-requests.ts) and shows its
// answer, or its refusal in the server's words beside the form, keeping what was typed.
import { useCallback, useState, type FormEvent } from 'react';
import { formatDay, orderItem, orderStateLabels, type Order } from '../../domain/billing';
import type { DeskAccount, DeskLink, DeskReport } from '../../domain/desk-api';
import { formatCents } from '../../domain/money';
import { linkIdIn } from '../../domain/qr/short-link';
import { scanDay } from '../../domain/qr/scan-time';
import { auditActions } from '../../domain/records/staff';
import { Facts } from '../../lib/ui/facts';
import { Field } from '../../lib/ui/field';
import {
  Said,
  SearchedTable,
  SearchForm,
  Table,
  ReasonForm,
  RefreshButton,
  useDeskCall,
  useDeskList,
  useOnOpen,
  type Column,
} from './desk-kit';
import { askDesk } from './desk-requests';

// --- Orders ---------------------------------------------------------------------------------

export function OrdersSection() {
  const { busy, said, setSaid, call } = useDeskCall();
  const [orders, setOrders] = useState<readonly Order[] | null>(null);
  const [paying, setPaying] = useState<Order | null>(null);
  const [query, setQuery] = useState('');

  // The orders waiting, as the section opens.
  const supersede = useOnOpen(
    () => askDesk('orders', { query: '' }),
    (answer) => setOrders(answer.orders ?? []),
    setSaid,
  );
  const search = useCallback(
    async (wanted: string) => {
      supersede();
      setQuery(wanted);
      const answer = await call(() => askDesk('orders', { query: wanted }));
      if (answer.ok) setOrders(answer.orders ?? []);
    },
    [call, supersede],
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

  const show = async (id: string) => {
    const answer = await call(() => askDesk('link', { id }));
    setLink(answer.ok ? (answer.link ?? null) : null);
  };

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
    await show(id);
  };

  const toggle = async (reason: string) => {
    if (!link) return false;
    const on = link.state === 'switched-off';
    const answer = await call(() => askDesk('switch', { id: link.id, on, reason }));
    if (answer.ok && answer.link) setLink(answer.link);
    return answer.ok;
  };

  const off = link?.state === 'switched-off';
  return (
    <>
      <ReportsList
        onLookUp={(id) => {
          setTyped(`/q/${id}`);
          void show(id);
        }}
      />
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
          <ReasonForm
            name={off ? 'Switch the link on again' : 'Switch the link off'}
            label={off ? 'Why it may work again' : 'Why it is switched off'}
            hint="Kept in the audit log, and emailed to the owner."
            button={off ? 'Switch on again' : 'Switch off'}
            busy={busy}
            act={toggle}
          />
        </div>
      ) : null}
    </>
  );
}

/**
 * Visitors' reports of short links waiting for staff, newest first: each looked up below, and
 * closed with the reason once dealt with (the link switched off, or found harmless).
 */
function ReportsList({ onLookUp }: { onLookUp: (link: string) => void }) {
  const {
    rows: reports,
    setRows: setReports,
    refresh,
    busy,
    said,
    call,
  } = useDeskList(
    () => askDesk('reports', {}),
    (answer) => answer.reports,
  );
  const [closing, setClosing] = useState<DeskReport | null>(null);
  const close = async (reason: string) => {
    if (!closing) return false;
    const answer = await call(() => askDesk('close', { report: closing.id, reason }));
    if (answer.ok) {
      setReports((before) => before?.filter((one) => one.id !== closing.id) ?? null);
      setClosing(null);
    }
    return answer.ok;
  };
  const columns: readonly Column<DeskReport>[] = [
    { heading: 'Reported', cell: (report) => formatDay(report.at) },
    { heading: 'Link', cell: (report) => <strong>/q/{report.link}</strong> },
    { heading: 'Report', cell: (report) => <span className="desk__text">{report.message}</span> },
    {
      heading: 'From',
      cell: (report) => [report.name, report.email].filter(Boolean).join(', ') || 'Not given',
    },
    {
      heading: 'Action',
      cell: (report) => (
        <span className="desk__actions">
          <button
            type="button"
            className="button button--ghost"
            onClick={() => onLookUp(report.link)}
          >
            Look up<span className="visually-hidden"> /q/{report.link}</span>
          </button>
          <button
            type="button"
            className="button button--ghost"
            aria-expanded={closing?.id === report.id}
            onClick={() => setClosing(closing?.id === report.id ? null : report)}
          >
            Close<span className="visually-hidden"> the report of /q/{report.link}</span>
          </button>
        </span>
      ),
    },
  ];
  return (
    <div className="desk__reports">
      <h3>Reports waiting</h3>
      <RefreshButton busy={busy} onRefresh={refresh}>
        Refresh the reports
      </RefreshButton>
      {reports === null ? null : reports.length === 0 ? (
        <p>No reports wait for you.</p>
      ) : (
        <Table
          caption="Reports of short links waiting"
          rows={reports}
          rowKey={(report) => report.id}
          columns={columns}
        />
      )}
      {closing ? (
        <ReasonForm
          key={closing.id}
          name={`Close the report of /q/${closing.link}`}
          label="Why it is closed"
          hint="Kept in the audit log: what was done, or why nothing needed doing."
          button="Close the report"
          busy={busy}
          act={close}
        />
      ) : null}
      <Said said={said} />
    </div>
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

// --- Audit log ------------------------------------------------------------------------------

const when = (at: number) =>
  new Date(at).toLocaleString('en-ZA', {
    timeZone: 'Africa/Johannesburg',
    dateStyle: 'medium',
    timeStyle: 'short',
  });

export function AuditSection() {
  const {
    rows: entries,
    refresh,
    busy,
    said,
  } = useDeskList(
    () => askDesk('audit', {}),
    (answer) => answer.entries,
  );
  return (
    <>
      <RefreshButton busy={busy} onRefresh={refresh}>
        Refresh the log
      </RefreshButton>
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
