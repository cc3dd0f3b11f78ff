// What a written batch becomes for the printer: every code drawn and scan-checked first (a code
// that may not scan is left out and listed with its fix, never delivered quietly), then a ZIP of
// each code's PNG, SVG and PDF with manifest.csv, one PDF with a code a page, and A4 label sheets
// (Avery L7160, L7163 or a grid to cut) with the page to print first to check the alignment, and a
// warning when a label is too small for the codes.
import { useRef, useState } from 'react';
import {
  labelTemplate,
  labelTemplates,
  templateWarning,
  type LabelTemplateId,
} from '../../../domain/bulk/labels';
import { manifestCsv, type ManifestLine } from '../../../domain/bulk/sheet-files';
import { uniqueFileNames } from '../../../domain/bulk/zip-files';
import { saveFile } from '../../../lib/save-file';
import { ChoiceGroup } from '../../../lib/ui/choice-group';
import { FormAlert, StatusMessage } from '../../../lib/ui/field';
import { codeFiles, makeBulkZip, type ZipItem } from './bulk-zip';
import { codesPdf } from './codes-pdf';
import { alignmentTestPdf, labelSheetPdf } from './label-sheet-pdf';
import { checkPrints, type CheckedPrint, type PrintItem } from './print-check';
import { RowNotes } from './row-notes';
import { formatCount } from '../../../domain/counts';

type Delivered = Extract<CheckedPrint, { ok: true }>;

/** Whether a code goes into the files: drawn, and not "may not scan". */
const isDelivered = (print: CheckedPrint): print is Delivered =>
  print.ok && print.verdict.status !== 'may-not-scan';

/** Why a code was left out, with the fix the check found. */
function leftOutReason(print: CheckedPrint): string {
  if (!print.ok) return print.reason;
  const fix = print.verdict.fixes[0];
  return `May not scan: ${print.verdict.reason}${fix ? ` Fix: ${fix.label} (in My QR Codes, Edit).` : ''}`;
}

export function BulkPrints({
  items,
  batchName,
}: {
  items: readonly PrintItem[];
  /** What the files are called: "menus" gives menus.zip, menus-labels.pdf. */
  batchName: string;
}) {
  const [checked, setChecked] = useState<readonly CheckedPrint[] | null>(null);
  const [done, setDone] = useState<number | null>(null);
  const [template, setTemplate] = useState<LabelTemplateId>('avery-l7160');
  const [making, setMaking] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  const check = async () => {
    setFailed(null);
    setDone(0);
    abort.current = new AbortController();
    try {
      setChecked(await checkPrints(items, setDone, abort.current.signal));
    } catch (error) {
      console.error(error);
      setFailed('The codes could not be checked here. Reload the page and try again.');
    } finally {
      setDone(null);
    }
  };

  /** Makes one output with its progress in words; a failure is said, nothing is lost. */
  const make = async (what: string, build: () => Promise<{ blob: Blob; name: string }>) => {
    setFailed(null);
    setMaking(`Making ${what}…`);
    try {
      const { blob, name } = await build();
      saveFile(blob, name);
      setMaking(`Ready: ${name}.`);
    } catch (error) {
      console.error(error);
      setMaking(null);
      setFailed(
        error instanceof Error && error.message
          ? error.message
          : `${what} could not be made. Try again, or choose another output.`,
      );
    }
  };

  if (!checked) {
    return (
      <section className="panel bulk__step" aria-labelledby="bulk-print">
        <h2 id="bulk-print">5. Print them</h2>
        <p className="bulk__hint">
          Each code is drawn as its single download is, and read by ZXing and ZBar (at full size,
          small, out of focus, at an angle and in a photo) before it goes into a file.
        </p>
        {done === null ? (
          <button type="button" className="button" onClick={() => void check()}>
            Check {formatCount(items.length)} codes for print
          </button>
        ) : (
          <label className="bulk__progress">
            <span>
              Checked {formatCount(done)} of {formatCount(items.length)} codes
            </span>
            <progress max={items.length} value={done} />
          </label>
        )}
        {failed ? <FormAlert>{failed}</FormAlert> : null}
      </section>
    );
  }

  const good = checked.filter(isDelivered);
  const leftOut = checked.filter((print) => !isDelivered(print));
  const risky = good.filter((print) => print.verdict.status === 'risky');
  const names = uniqueFileNames(good.map((print) => print.item.fileName));
  const chosen = labelTemplate(template);
  // The densest code decides whether the labels are large enough for all of them.
  const densest = good.reduce<Delivered | null>(
    (most, print) => (!most || print.drawn.modules > most.drawn.modules ? print : most),
    null,
  );
  const warning = densest ? templateWarning(chosen, densest.drawn) : null;

  const manifest = (): string => {
    const fileOf = new Map<CheckedPrint, string>(
      good.map((print, index) => [print, names[index]!]),
    );
    const lines: ManifestLine[] = checked.map((print) => {
      const { code, text, content } = print.item;
      return {
        name: code.name,
        fileName: fileOf.get(print) ?? '',
        content,
        shortLink: code.dynamic && text ? text : '',
        verdict: isDelivered(print)
          ? `${print.verdict.label}: ${print.verdict.reason}`
          : `Left out. ${leftOutReason(print)}`,
      };
    });
    return manifestCsv(lines);
  };

  async function* zipItems(): AsyncGenerator<ZipItem> {
    for (const [index, print] of good.entries()) {
      yield* await codeFiles(print.drawn, names[index]!, { title: print.item.code.name });
      setMaking(`Making the ZIP: ${formatCount(index + 1)} of ${formatCount(good.length)} codes…`);
    }
    yield { path: 'manifest.csv', bytes: new TextEncoder().encode(manifest()) };
  }

  const busy = making?.startsWith('Making') === true;
  /** What the batch can become, each made and downloaded by one button. */
  const outputs: readonly {
    label: string;
    what: string;
    /** The codes' own files, or the label sheets (under the choice of template). */
    group: 'files' | 'labels';
    needsCodes: boolean;
    build: () => Promise<{ blob: Blob; name: string }>;
  }[] = [
    {
      label: 'Download the ZIP (PNG, SVG and PDF of each)',
      what: 'the ZIP',
      group: 'files',
      needsCodes: true,
      build: async () => ({ blob: await makeBulkZip(zipItems()), name: `${batchName}.zip` }),
    },
    {
      label: 'Download one PDF (a code a page)',
      what: 'the PDF of the codes',
      group: 'files',
      needsCodes: true,
      build: async () => ({
        blob: await codesPdf(
          good.map((print) => ({ code: print.drawn, name: print.item.code.name })),
          { title: batchName },
        ),
        name: `${batchName}.pdf`,
      }),
    },
    {
      label: 'Download the label sheets',
      what: 'the label sheets',
      group: 'labels',
      needsCodes: true,
      build: async () => ({
        blob: await labelSheetPdf(
          good.map((print) => print.drawn),
          template,
          { title: `${batchName} on ${chosen.name}` },
        ),
        name: `${batchName}-${template}.pdf`,
      }),
    },
    {
      label: 'Download the alignment page (print it first)',
      what: 'the alignment page',
      group: 'labels',
      needsCodes: false,
      build: async () => ({
        blob: await alignmentTestPdf(template),
        name: `alignment-${template}.pdf`,
      }),
    },
  ];

  /** One group's buttons, its first the main one. */
  const buttons = (group: 'files' | 'labels') => (
    <div className="bulk__tools">
      {outputs
        .filter((output) => output.group === group)
        .map((output, index) => (
          <button
            key={output.label}
            type="button"
            className={index === 0 ? 'button' : 'button button--ghost'}
            disabled={(output.needsCodes && good.length === 0) || busy}
            onClick={() => void make(output.what, output.build)}
          >
            {output.label}
          </button>
        ))}
    </div>
  );

  return (
    <section className="panel bulk__step" aria-labelledby="bulk-print">
      <h2 id="bulk-print">5. Print them</h2>
      <p className="bulk__summary">
        {formatCount(good.length)} of {formatCount(checked.length)} codes are ready to print
        {risky.length > 0 ? `, ${formatCount(risky.length)} of them risky` : ''}.
      </p>
      <RowNotes
        caption="Codes to look at"
        heading="Code"
        notes={[...leftOut, ...risky].map((print) => ({
          key: print.item.code.id,
          name: print.item.code.name,
          text: isDelivered(print)
            ? `Risky, included: ${print.verdict.reason}`
            : `Left out of the files. ${leftOutReason(print)}`,
        }))}
      />
      {buttons('files')}
      <div className="bulk__group">
        <ChoiceGroup<LabelTemplateId>
          legend="Label sheet (A4)"
          name="bulk-labels"
          choices={labelTemplates.map((entry) => ({ id: entry.id, label: entry.name }))}
          value={template}
          onChange={setTemplate}
        />
        {warning ? <FormAlert tone="info">{warning}</FormAlert> : null}
        {buttons('labels')}
      </div>
      <StatusMessage message={making} />
      {failed ? <FormAlert>{failed}</FormAlert> : null}
    </section>
  );
}
