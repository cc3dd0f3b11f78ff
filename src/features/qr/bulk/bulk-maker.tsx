// Many codes from one sheet, in the steps a person takes: choose the type, whether the codes are
// dynamic and their design (the default, or a saved code's), download the type's template; upload
// the filled sheet (CSV or Excel); match its columns; see every row checked, fix rows in place or
// download them to fix; then confirm, and watch the codes being written. Nothing is written before
// the confirmation, and the check needs no connection. A batch cut off halfway goes on by itself
// when the page is open and online again (bulk-writer.ts).
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  batchSizeProblem,
  planBatch,
  type RowFixes,
  type WorkspaceFacts,
} from '../../../domain/bulk/batch';
import {
  bulkColumns,
  bulkTypes,
  matchColumns,
  unmappedRequired,
  type ColumnMapping,
} from '../../../domain/bulk/columns';
import { newBatchId } from '../../../domain/bulk/ids';
import { templateCsv, templateName } from '../../../domain/bulk/sheet-files';
import type { Sheet } from '../../../domain/bulk/sheet';
import { rowSetsKey, type BatchLook } from '../../../domain/bulk/rows';
import { defaultDesign, type QrDesign } from '../../../domain/qr/design';
import { canBeDynamic, isDynamic, mustBeDynamic } from '../../../domain/qr/dynamic';
import { findQrType, type QrTypeId } from '../../../domain/qr/qr-types';
import type { SavedCode } from '../../../domain/qr/saved-code';
import type { CodeLink } from '../../../domain/records/links';
import { saveFile } from '../../../lib/save-file';
import { FormAlert, SelectField } from '../../../lib/ui/field';
import { BulkProgress } from './bulk-progress';
import { bulkBlocklist } from './bulk-blocklist';
import {
  forgetJob,
  isFinished,
  keepJob,
  unfinishedJob,
  writeJob,
  type BulkJob,
} from './bulk-writer';
import { DryRun } from './dry-run';
import { preloadSheetReader, readSheetFile } from './read-sheet';
import { useCheckedRows } from './use-checked-rows';
import './bulk.css';
import { formatCount } from '../../../domain/counts';

export interface BulkPlace {
  readonly uid: string;
  readonly workspace: string;
  readonly workspaceName: string;
  /** The workspace's codes now (their designs to choose from; the ids a row would update). */
  readonly codes: readonly SavedCode[];
  /** Their short links, by code id (a written batch's codes are printed with them). */
  readonly links: ReadonlyMap<string, CodeLink>;
  readonly facts: Omit<WorkspaceFacts, 'codes'>;
  /** Links to the workspace's codes and to the plans. */
  readonly codesPath: string;
  readonly pricingPath: string;
}

type SheetState =
  | { readonly status: 'none' }
  | { readonly status: 'reading'; readonly name: string }
  | { readonly status: 'failed'; readonly name: string; readonly message: string }
  | {
      readonly status: 'read';
      readonly name: string;
      readonly sheet: Sheet;
      readonly batch: string;
    };

/** The User Timing measure from choosing a sheet to its checked rows first shown (`npm run bench`). */
export const SHEET_CHECKED_MEASURE = 'bulk-sheet-checked';

const DEFAULT_DESIGN = '';
const newBatch = () => newBatchId((bytes) => crypto.getRandomValues(bytes));
const typeChoices = bulkTypes.map((type) => ({ value: type.id, label: type.label }));

export function BulkMaker({ place }: { place: BulkPlace }) {
  const [typeId, setTypeId] = useState<QrTypeId>('web');
  const type = findQrType(typeId)!;
  const [chosenDynamic, setDynamic] = useState(true);
  const dynamic = isDynamic(typeId, chosenDynamic);
  const [designFrom, setDesignFrom] = useState(DEFAULT_DESIGN);
  const [file, setFile] = useState<SheetState>({ status: 'none' });
  const [job, setJob] = useState<BulkJob | null>(null);
  const [waiting, setWaiting] = useState<string | null>(null);

  const columns = useMemo(() => bulkColumns(type, dynamic), [type, dynamic]);
  const sheet = file.status === 'read' ? file.sheet : null;
  const batch = file.status === 'read' ? file.batch : '';
  const fileName = file.status === 'none' ? '' : file.name;

  // The columns matched by name for each sheet and type; what the person chooses or fixes holds
  // for that sheet and type only (another type has other columns, another sheet other rows).
  const matched = useMemo(
    () => (sheet ? matchColumns(sheet.headers, columns) : {}),
    [sheet, columns],
  );
  const [chosen, setChosen] = useState<{ of: ColumnMapping; mapping: ColumnMapping } | null>(null);
  const mapping = chosen?.of === matched ? chosen.mapping : matched;
  const setMapping = (next: ColumnMapping) => setChosen({ of: matched, mapping: next });
  const [fixed, setFixed] = useState<{ of: ColumnMapping; fixes: RowFixes } | null>(null);
  const fixes = useMemo(() => (fixed?.of === matched ? fixed.fixes : {}), [fixed, matched]);
  const fix = (index: number, column: string, value: string) =>
    setFixed({ of: matched, fixes: { ...fixes, [index]: { ...fixes[index], [column]: value } } });

  const designed = place.codes.find((code) => code.id === designFrom) ?? null;
  const design: QrDesign<string> = useMemo(
    () => designed?.design ?? { ...defaultDesign, logo: null },
    [designed],
  );
  const look: BatchLook = useMemo(
    () => ({ type, dynamic, design, origin: window.location.origin, blocklist: bulkBlocklist() }),
    [type, dynamic, design],
  );
  // A sheet larger than a batch may be is answered at once, not checked row by row in vain.
  const tooLarge = sheet ? batchSizeProblem(sheet.rows.length, place.facts.standing) : null;
  const rows = useCheckedRows(tooLarge ? null : sheet, columns, mapping, look, batch, fixes);
  const codes = useMemo(
    () => new Map(place.codes.map((code) => [code.id, rowSetsKey(code)])),
    [place.codes],
  );
  const plan = useMemo(
    () => planBatch(rows, { ...place.facts, codes }, dynamic),
    [rows, place.facts, codes, dynamic],
  );
  const missing = unmappedRequired(columns, mapping);

  // When the sheet just read was chosen, until its checked rows are first shown.
  const chosenAt = useRef<number | null>(null);
  useEffect(() => {
    if (chosenAt.current === null || rows.length === 0) return;
    performance.measure(SHEET_CHECKED_MEASURE, {
      start: chosenAt.current,
      detail: { rows: rows.length },
    });
    chosenAt.current = null;
  }, [rows]);

  // The workbook reader, ahead of the sheet: the check then needs no connection.
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 500));
    idle(preloadSheetReader);
  }, []);

  // A batch this person left unfinished here goes on as soon as the page opens.
  useEffect(() => {
    let live = true;
    void unfinishedJob(place.uid, place.workspace).then((left) => {
      if (live && left && !left.stopped) setJob(left);
    });
    return () => {
      live = false;
    };
  }, [place.uid, place.workspace]);

  const writing = job !== null && !isFinished(job) && !job.stopped;
  const jobBatch = job?.batch ?? null;
  useEffect(() => {
    if (!writing || !job) return;
    const run = writeJob(job, (next, wait) => {
      setJob(next);
      setWaiting(wait);
      if (isFinished(next)) void forgetJob(next);
    });
    return () => run.stop();
    // One writer per batch: its own answers update `job`, which must not start another.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [writing, jobBatch]);

  const confirm = () => {
    if (!sheet) return;
    const good = rows.filter((row) => row.fields !== null);
    const { logo, ...savedDesign } = design;
    // The design as a saved code stores it: the logo travels apart.
    const started: BulkJob = {
      batch,
      uid: place.uid,
      workspace: place.workspace,
      workspaceName: place.workspaceName,
      type: typeId,
      dynamic,
      design: savedDesign as BulkJob['design'],
      logo,
      rows: good.map(({ index, line, values }) => ({ row: index, line, values })),
      total: sheet.rows.length,
      results: {},
      stopped: null,
    };
    void keepJob(started).catch(() => undefined);
    setJob(started);
  };

  const startAgain = () => {
    if (job) void forgetJob(job);
    setJob(null);
    setWaiting(null);
    setFile({ status: 'none' });
  };

  const read = async (chosen: File | undefined) => {
    if (!chosen) return;
    const started = performance.now();
    setFile({ status: 'reading', name: chosen.name });
    const result = await readSheetFile(chosen);
    chosenAt.current = result.ok ? started : null;
    setFile(
      result.ok
        ? { status: 'read', name: chosen.name, sheet: result.sheet, batch: newBatch() }
        : { status: 'failed', name: chosen.name, message: result.message },
    );
  };

  if (job) {
    return (
      <BulkProgress
        job={job}
        waiting={waiting}
        codes={place.codes}
        links={place.links}
        codesPath={place.codesPath}
        onDone={startAgain}
      />
    );
  }

  const designChoices = place.codes.map((code) => ({
    value: code.id,
    label: `The design of “${code.name}”`,
  }));

  return (
    <div className="bulk">
      <section className="panel bulk__step" aria-labelledby="bulk-what">
        <h2 id="bulk-what">1. What to make</h2>
        <div className="bulk__choices">
          <SelectField
            label="Type of code"
            options={typeChoices}
            value={typeId}
            onChange={(event) => setTypeId(event.target.value as QrTypeId)}
            hint="Types whose content is a file (PDF, video, images, MP3, menu) take their file in the wizard."
          />
          <SelectField
            label="Design"
            options={[{ value: DEFAULT_DESIGN, label: 'The default design' }, ...designChoices]}
            value={designFrom}
            onChange={(event) => setDesignFrom(event.target.value)}
            hint="Every code of the sheet gets it: the colours, frame and logo of a code you saved."
          />
        </div>
        {canBeDynamic(typeId) ? (
          <label className="bulk__check">
            <input
              type="checkbox"
              checked={dynamic}
              disabled={mustBeDynamic(typeId)}
              onChange={(event) => setDynamic(event.target.checked)}
            />
            <span>
              Dynamic codes: each holds a short link of ours, so where it leads can change after
              printing, and its scans are counted.
            </span>
          </label>
        ) : (
          <p className="bulk__hint">{type.staticOnly}</p>
        )}
        <p className="bulk__hint">
          The template has a column for each field of a {type.label} code, and one example row. Keep
          the <strong>id</strong> column to update these codes later by uploading the sheet again.
        </p>
        <button
          type="button"
          className="button button--ghost"
          onClick={() =>
            saveFile(
              new Blob([templateCsv(type, dynamic)], { type: 'text/csv;charset=utf-8' }),
              templateName(type),
            )
          }
        >
          Download the template (CSV)
        </button>
      </section>

      <section className="panel bulk__step" aria-labelledby="bulk-sheet">
        <h2 id="bulk-sheet">2. Your sheet</h2>
        <div className="field">
          <label className="field__label" htmlFor="bulk-file">
            Sheet (CSV or Excel .xlsx)
          </label>
          <input
            id="bulk-file"
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(event) => void read(event.target.files?.[0])}
          />
        </div>
        {file.status === 'reading' ? <p role="status">Reading {file.name}…</p> : null}
        {file.status === 'failed' ? <FormAlert>{file.message}</FormAlert> : null}
        {sheet ? (
          <p className="bulk__hint">
            {fileName}: {formatCount(sheet.rows.length)} rows, {sheet.headers.length} columns.
          </p>
        ) : null}
      </section>

      {sheet ? (
        <section className="panel bulk__step" aria-labelledby="bulk-columns">
          <h2 id="bulk-columns">3. Its columns</h2>
          <p className="bulk__hint">
            Columns with the same name as the template’s are matched already. Choose the others.
          </p>
          <div className="bulk__mapping">
            {columns.map((column) => (
              <SelectField
                key={column.id}
                label={`${column.header}${column.required ? ' (required)' : ''}`}
                options={sheet.headers.map((header, index) => ({
                  value: String(index),
                  label: header || `Column ${index + 1}`,
                }))}
                placeholder="Not in the sheet"
                value={mapping[column.id] == null ? '' : String(mapping[column.id])}
                error={
                  column.required && mapping[column.id] == null
                    ? 'Choose the column that holds it.'
                    : undefined
                }
                onChange={(event) =>
                  setMapping({
                    ...mapping,
                    [column.id]: event.target.value === '' ? null : Number(event.target.value),
                  })
                }
              />
            ))}
          </div>
        </section>
      ) : null}

      {sheet && tooLarge ? (
        <section className="panel bulk__step" aria-labelledby="bulk-check">
          <h2 id="bulk-check">4. The check</h2>
          <FormAlert>
            {tooLarge} <Link to={place.pricingPath}>See the plans</Link>
          </FormAlert>
        </section>
      ) : null}
      {sheet && !tooLarge ? (
        <DryRun
          rows={rows}
          plan={plan}
          columns={columns}
          mapping={mapping}
          sheet={sheet}
          fileName={fileName}
          missing={missing.map((column) => column.header)}
          pricingPath={place.pricingPath}
          onFix={fix}
          onConfirm={confirm}
        />
      ) : null}

      <p className="bulk__hint">
        Codes made from a sheet are listed in <Link to={place.codesPath}>My QR Codes</Link>, like
        any other.
      </p>
    </div>
  );
}
