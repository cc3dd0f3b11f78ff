// The desk's PC builds: the requests waiting for a quote and the questions waiting for an answer,
// or a build found by its number or customer; and, for the build opened, everything staff do with
// it: quote it (again, until it is accepted), move it on step by step with a note once it is paid,
// and answer on its thread. Each change comes back as the build now stands, and the customer is
// emailed by the server.
import { useState, type FormEvent } from 'react';
import { billing } from '../../config/billing';
import { formatDay } from '../../domain/billing';
import {
  QUOTE_LINE_MAX,
  QUOTE_LINES_MAX,
  QUOTE_VALID_DAYS_MAX,
  quoteTotals,
} from '../../domain/build-quote';
import { centsFromRand, formatCents, formatCentsExact } from '../../domain/money';
import {
  buildName,
  buildPurposes,
  buildStepIds,
  buildSteps,
  MESSAGE_MAX,
  staffSteps,
  STEP_PHOTOS_MAX,
  type BuildSummary,
  type StaffStep,
} from '../../domain/pc-builds';
import { fileKinds } from '../../domain/qr/files';
import { addDays, scanDay } from '../../domain/qr/scan-time';
import { Facts } from '../../lib/ui/facts';
import { Field, SelectField, StatusMessage, TextAreaField } from '../../lib/ui/field';
import { Said, SearchedTable, useDeskCall, type Column } from './desk-kit';
import { sendPhoto } from './desk-photos';
import { askDesk } from './desk-requests';

/** What a build waits for from the company, if anything. */
const waitingFor = (build: BuildSummary) =>
  build.step === 'requested' ? 'A quote' : build.awaitingReply ? 'An answer' : '';

const buildColumns: readonly Column<BuildSummary>[] = [
  { heading: 'Build', cell: (build) => <strong>{buildName(build.number)}</strong> },
  { heading: 'Asked', cell: (build) => formatDay(build.createdAt) },
  { heading: 'For', cell: (build) => buildPurposes[build.purpose].label },
  { heading: 'Budget', cell: (build) => formatCents(build.budgetCents) },
  { heading: 'Customer', cell: (build) => build.customerEmail ?? build.owner },
  { heading: 'Step', cell: (build) => buildSteps[build.step] },
  { heading: 'Waits for', cell: waitingFor },
];

export function BuildsSection() {
  const [open, setOpen] = useState<BuildSummary | null>(null);
  const columns: readonly Column<BuildSummary>[] = [
    ...buildColumns,
    {
      heading: 'Action',
      cell: (build) => (
        <button
          type="button"
          className="button button--ghost"
          aria-expanded={open?.id === build.id}
          onClick={() => setOpen(open?.id === build.id ? null : build)}
        >
          Open<span className="visually-hidden"> {buildName(build.number)}</span>
        </button>
      ),
    },
  ];
  return (
    <>
      <SearchedTable
        search={async (query) => {
          const answer = await askDesk('builds', { query });
          // The build opened is shown as the search finds it now: a new question, a new step.
          const found = answer.ok ? answer.builds : undefined;
          setOpen((before) => found?.find((build) => build.id === before?.id) ?? before);
          return answer;
        }}
        rowsOf={(answer) => answer.builds}
        onOpen
        form={{
          label: 'Find a build',
          hint: 'A build’s number, or the customer’s email. Empty: every build waiting for a quote or an answer.',
          button: 'Search builds',
        }}
        empty="No build waits for a quote or an answer."
        caption="PC builds"
        rowKey={(build) => build.id}
        columns={columns}
      />
      {open ? <BuildDesk key={open.id} build={open} onChanged={setOpen} /> : null}
    </>
  );
}

/** One build at the desk: what was asked, its thread, and what staff can do with it now. */
function BuildDesk({
  build,
  onChanged,
}: {
  build: BuildSummary;
  onChanged: (build: BuildSummary) => void;
}) {
  const [quoting, setQuoting] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const name = buildName(build.number);
  const quotable = build.step === 'requested' || build.step === 'quoted';
  const movable = buildStepIds.indexOf(build.step) >= buildStepIds.indexOf('paid');

  return (
    <section className="desk__build" aria-labelledby={`build-${build.id}`}>
      <h3 id={`build-${build.id}`}>
        {name}: {buildSteps[build.step]}
      </h3>
      <Facts
        facts={[
          ['Customer', build.customerEmail ?? build.owner],
          ['For', buildPurposes[build.purpose].label],
          ['Budget', formatCents(build.budgetCents)],
          ['Must have', build.mustHaves || 'Nothing in particular'],
          ['Like', build.likeBuild ? `Gallery build #${build.likeBuild}` : 'None'],
          ...(build.quote
            ? ([
                [
                  'Quote',
                  `${formatCentsExact(build.quote.totalCents)}, valid until ${build.quote.validUntil}`,
                ],
              ] as const)
            : []),
          ...(build.order ? ([['Order', build.order.reference]] as const) : []),
        ]}
      />
      <StatusMessage message={done} />
      {quotable ? (
        quoting ? (
          <QuoteForm
            build={build}
            onQuoted={(next, message) => {
              setQuoting(false);
              setDone(message);
              onChanged(next);
            }}
          />
        ) : (
          <button type="button" className="button button--ghost" onClick={() => setQuoting(true)}>
            {build.quote ? 'Quote again' : 'Quote'}
            <span className="visually-hidden"> {name}</span>
          </button>
        )
      ) : null}
      {movable ? <StepForm build={build} onStepped={onChanged} /> : null}
      <Thread build={build} onAnswered={onChanged} />
    </section>
  );
}

/** Moves a paid build on to a later step, or adds a note and photos to the step it is at. */
function StepForm({
  build,
  onStepped,
}: {
  build: BuildSummary;
  onStepped: (build: BuildSummary) => void;
}) {
  const { busy, said, setSaid, call } = useDeskCall();
  const at = buildStepIds.indexOf(build.step);
  const choices = staffSteps.filter((step) => buildStepIds.indexOf(step) >= at);
  const [step, setStep] = useState<StaffStep | ''>(choices[0] ?? '');
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<readonly File[]>([]);
  const [photosError, setPhotosError] = useState<string | undefined>();
  const [sending, setSending] = useState<string | null>(null);
  // A new input after each save: a file input cannot be emptied by the page otherwise.
  const [picker, setPicker] = useState(0);
  if (choices.length === 0) return null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaid(null);
    const hashes: string[] = [];
    for (const [index, file] of photos.entries()) {
      setSending(`Sending photo ${index + 1} of ${photos.length}…`);
      const sent = await sendPhoto(build.id, file);
      if (!sent.ok) {
        setSending(null);
        setSaid({ tone: 'error', text: sent.message });
        return;
      }
      hashes.push(sent.sha256);
    }
    setSending(null);
    const answer = await call(() =>
      askDesk('step', { build: build.id, step: step as StaffStep, note, photos: hashes }),
    );
    if (answer.ok && answer.build) {
      setNote('');
      setPhotos([]);
      setPicker((before) => before + 1);
      onStepped(answer.build);
    }
  };
  return (
    <form
      className="desk__form"
      onSubmit={(event) => void submit(event)}
      aria-labelledby={`step-${build.id}`}
    >
      <h4 id={`step-${build.id}`}>Move {buildName(build.number)} on</h4>
      <SelectField
        label="Step reached"
        hint="The same step adds a note or photos to it. The customer is emailed either way."
        options={choices.map((id) => ({
          value: id,
          label: id === build.step ? `${buildSteps[id]} (now: add a note)` : buildSteps[id],
        }))}
        value={step}
        onChange={(event) => setStep(event.target.value as StaffStep)}
      />
      <TextAreaField
        label="Note to the customer"
        hint={`Optional: what was done, what comes next. Up to ${MESSAGE_MAX} characters.`}
        rows={3}
        maxLength={MESSAGE_MAX}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      <Field
        key={picker}
        label="Photos"
        hint={`Optional: up to ${STEP_PHOTOS_MAX}, made smaller before they are sent.`}
        type="file"
        accept={fileKinds.image.accept}
        multiple
        error={photosError}
        onChange={(event) => {
          const chosen = [...(event.target.files ?? [])];
          setPhotosError(
            chosen.length > STEP_PHOTOS_MAX
              ? `Choose at most ${STEP_PHOTOS_MAX} photos for one step.`
              : undefined,
          );
          setPhotos(chosen.slice(0, STEP_PHOTOS_MAX));
        }}
      />
      <StatusMessage message={sending} />
      <Said said={said} />
      <button type="submit" className="button" disabled={busy || !!sending || !step}>
        Save the step
      </button>
    </form>
  );
}

/** The build's thread with its customer, and the answer staff write. */
function Thread({
  build,
  onAnswered,
}: {
  build: BuildSummary;
  onAnswered: (build: BuildSummary) => void;
}) {
  const { busy, said, call } = useDeskCall();
  const [text, setText] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await call(() => askDesk('reply', { build: build.id, text }));
    if (answer.ok && answer.build) {
      setText('');
      onAnswered(answer.build);
    }
  };
  return (
    <form
      className="desk__form"
      onSubmit={(event) => void submit(event)}
      aria-labelledby={`thread-${build.id}`}
    >
      <h4 id={`thread-${build.id}`}>Questions about {buildName(build.number)}</h4>
      {build.messages.length === 0 ? <p>No questions yet.</p> : null}
      <ol className="desk__messages">
        {build.messages.map((message) => (
          <li key={message.id} className={`desk__message desk__message--${message.from}`}>
            <p className="desk__message-from">
              {message.from === 'customer' ? 'Customer' : 'Us'}, {formatDay(message.at)}
            </p>
            <p>{message.text}</p>
          </li>
        ))}
      </ol>
      <TextAreaField
        label="Answer"
        hint="Emailed to the customer, and shown on their PC dashboard."
        rows={3}
        maxLength={MESSAGE_MAX}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <Said said={said} />
      <button type="submit" className="button" disabled={busy}>
        Send the answer
      </button>
    </form>
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
  /** The build as quoted, and what the desk said of it. */
  onQuoted: (build: BuildSummary, message: string) => void;
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
    if (answer.ok && answer.build) onQuoted(answer.build, answer.message ?? `${name} is quoted.`);
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
