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

const count = (value: number) => value.toLocaleString('en-ZA');

type Delivered = Extract<CheckedPrint, { ok: true }>;

/** The codes that go into the files: drawn, and not "may not scan". */
const deliverable = (checked: readonly CheckedPrint[]): Delivered[] =>
  checked.filter(
    (print): print is Delivered => print.ok && print.verdict.status !== 'may-not-scan',
  );

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
            Check {count(items.length)} codes for print
          </button>
        ) : (
          <label className="bulk__progress">
            <span>
              Checked {count(done)} of {count(items.length)} codes
            </span>
            <progress max={items.length} value={done} />
          </label>
        )}
        {failed ? <FormAlert>{failed}</FormAlert> : null}
      </section>
    );
  }

  const good = deliverable(checked);
  const leftOut = checked.filter((print) => !good.includes(print as Delivered));
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
    const fileOf = new Map(good.map((print, index) => [print, names[index]!]));
    const lines: ManifestLine[] = checked.map((print) => {
      const { code, text } = print.item;
      const shortLink = code.dynamic && text ? text : '';
      return {
        name: code.name,
        fileName: fileOf.get(print as Delivered) ?? '',
        content: print.item.content,
        shortLink,
        verdict: fileOf.has(print as Delivered)
          ? `${print.ok ? print.verdict.label : ''}: ${print.ok ? print.verdict.reason : ''}`
          : `Left out. ${leftOutReason(print)}`,
      };
    });
    return manifestCsv(lines);
  };

  async function* zipItems(): AsyncGenerator<ZipItem> {
    for (const [index, print] of good.entries()) {
      yield* await codeFiles(print.drawn, names[index]!, { title: print.item.code.name });
      setMaking(`Making the ZIP: ${count(index + 1)} of ${count(good.length)} codes…`);
    }
    yield { path: 'manifest.csv', bytes: new TextEncoder().encode(manifest()) };
  }

  return (
    <section className="panel bulk__step" aria-labelledby="bulk-print">
      <h2 id="bulk-print">5. Print them</h2>
      <p className="bulk__summary">
        {count(good.length)} of {count(checked.length)} codes are ready to print
        {risky.length > 0 ? `, ${count(risky.length)} of them risky` : ''}.
      </p>
      {leftOut.length + risky.length > 0 ? (
        <div className="bulk__table-wrap">
          <table className="bulk__table">
            <caption>Codes to look at</caption>
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Verdict</th>
              </tr>
            </thead>
            <tbody>
              {[...leftOut, ...risky].map((print) => (
                <tr key={print.item.code.id}>
                  <th scope="row">{print.item.code.name}</th>
                  <td>
                    {good.includes(print as Delivered) && print.ok
                      ? `Risky, included: ${print.verdict.reason}`
                      : `Left out of the files. ${leftOutReason(print)}`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      <div className="bulk__tools">
        <button
          type="button"
          className="button"
          disabled={good.length === 0 || making?.startsWith('Making') === true}
          onClick={() =>
            void make('the ZIP', async () => ({
              blob: await makeBulkZip(zipItems()),
              name: `${batchName}.zip`,
            }))
          }
        >
          Download the ZIP (PNG, SVG and PDF of each)
        </button>
        <button
          type="button"
          className="button button--ghost"
          disabled={good.length === 0 || making?.startsWith('Making') === true}
          onClick={() =>
            void make('the PDF of the codes', async () => ({
              blob: await codesPdf(
                good.map((print) => ({ code: print.drawn, name: print.item.code.name })),
                { title: batchName },
              ),
              name: `${batchName}.pdf`,
            }))
          }
        >
          Download one PDF (a code a page)
        </button>
      </div>

      <ChoiceGroup<LabelTemplateId>
        legend="Label sheet (A4)"
        name="bulk-labels"
        choices={labelTemplates.map((entry) => ({ id: entry.id, label: entry.name }))}
        value={template}
        onChange={setTemplate}
      />
      {warning ? <FormAlert tone="info">{warning}</FormAlert> : null}
      <div className="bulk__tools">
        <button
          type="button"
          className="button"
          disabled={good.length === 0 || making?.startsWith('Making') === true}
          onClick={() =>
            void make('the label sheets', async () => ({
              blob: await labelSheetPdf(
                good.map((print) => print.drawn),
                template,
                { title: `${batchName} on ${chosen.name}` },
              ),
              name: `${batchName}-${template}.pdf`,
            }))
          }
        >
          Download the label sheets
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={() =>
            void make('the alignment page', async () => ({
              blob: await alignmentTestPdf(template),
              name: `alignment-${template}.pdf`,
            }))
          }
        >
          Download the alignment page (print it first)
        </button>
      </div>
      <StatusMessage message={making} />
      {failed ? <FormAlert>{failed}</FormAlert> : null}
    </section>
  );
}
