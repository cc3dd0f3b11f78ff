import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { ScanVerdict } from '../../../domain/qr/scan-verdict';
import { FormAlert, StatusMessage } from '../../../lib/ui/field';
import { ChoiceGroup } from '../../../lib/ui/choice-group';
import {
  DEFAULT_PNG_SIZE,
  DownloadError,
  downloadFormats,
  fileName,
  formatInfo,
  makeDownload,
  pdfUnwritable,
  pngSizes,
  rasterSize,
  saveFile,
  type DownloadFormat,
} from './downloads';
import type { RenderedCode } from './render-code';
import { ScanWarning } from './scan-warning';
import './download-panel.css';

/** What the live scan check said of the code; null while it is not known. */
export type DownloadVerdict = Pick<ScanVerdict, 'status' | 'label' | 'reason'>;

/**
 * The code as a file: the format, for PNG its size, and one Download button. A code the scan
 * check says may not scan is downloaded only after the person has read why and confirmed; while
 * the check is still running, a click on Download waits for its verdict (a blank code clicked
 * at once was once downloaded without a word), then asks or downloads.
 */
export function DownloadPanel({
  code,
  name,
  verdict,
  checking = false,
}: {
  code: RenderedCode;
  /** The code's name (qrName): the file is named after it. */
  name: string;
  verdict: DownloadVerdict | null;
  /** The code on screen is being checked again: `verdict` is about an earlier drawing. */
  checking?: boolean;
}) {
  const id = useId();
  const [format, setFormat] = useState<DownloadFormat>('png');
  const [size, setSize] = useState<number>(DEFAULT_PNG_SIZE);
  const [asking, setAsking] = useState(false);
  /** Download was asked for before the check had its verdict. */
  const [waiting, setWaiting] = useState(false);
  const known = verdict !== null && !checking;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const downloadRef = useRef<HTMLButtonElement>(null);
  // The warning replaces the Download button; when it closes, focus goes back to the button.
  const refocus = useRef(false);
  useEffect(() => {
    if (asking || !refocus.current) return;
    refocus.current = false;
    downloadRef.current?.focus();
  }, [asking]);
  const info = formatInfo(format);
  const unwritable = format === 'pdf' ? pdfUnwritable(code.label) : [];

  const download = async () => {
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const file = await makeDownload({ code, name, format, size });
      saveFile(file.blob, file.name);
      setDone(`Downloaded ${file.name}.`);
    } catch (problem) {
      if (!(problem instanceof DownloadError)) console.error(problem);
      setError(
        problem instanceof DownloadError
          ? problem.message
          : `The ${info.label} file could not be made. Please try again, or choose another format.`,
      );
    } finally {
      setBusy(false);
    }
  };

  const proceed = () => {
    if (verdict?.status === 'may-not-scan') setAsking(true);
    else void download();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || waiting) return;
    if (known) proceed();
    else setWaiting(true);
  };

  // The verdict came in from the scan worker while a download waited for it: the click goes on
  // (asking first, or downloading), as the person meant it to.
  useEffect(() => {
    if (!waiting || !known) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- answers the worker's verdict
    setWaiting(false);
    proceed();
    // proceed reads this render's verdict, which `known` just became true for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [waiting, known]);

  const closeWarning = () => {
    refocus.current = true;
    setAsking(false);
  };

  return (
    <form className="download-panel" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Download</h3>
      <ChoiceGroup
        legend="Format"
        name={`${id}-format`}
        choices={downloadFormats}
        value={format}
        onChange={(next) => {
          setFormat(next);
          setAsking(false);
        }}
        compact
      />
      <p className="download-panel__hint">{info.hint}</p>
      {unwritable.length > 0 ? (
        <p className="download-panel__note">
          The PDF writes the call to action in a standard font without {unwritable.join(' ')}: those
          would print wrongly. Choose SVG or PNG to keep them, or change the text.
        </p>
      ) : null}
      {format === 'png' ? (
        <div className="field">
          <label htmlFor={`${id}-size`}>Size</label>
          <select
            id={`${id}-size`}
            value={size}
            onChange={(event) => setSize(Number(event.target.value))}
          >
            {pngSizes.map((option) => {
              const pixels = rasterSize(code, option);
              return (
                <option key={option} value={option}>
                  {pixels.width} × {pixels.height} px
                </option>
              );
            })}
          </select>
        </div>
      ) : null}
      {asking && verdict ? (
        <ScanWarning
          verdict={verdict}
          onConfirm={() => {
            closeWarning();
            void download();
          }}
          onCancel={closeWarning}
        />
      ) : (
        <button ref={downloadRef} type="submit" className="button" aria-disabled={busy || waiting}>
          Download
        </button>
      )}
      <p className="download-panel__file">
        File: <span>{fileName(name, format)}</span>
      </p>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <StatusMessage
        message={
          waiting
            ? 'Checking that it scans… The download starts once the check is done.'
            : busy
              ? `Preparing your ${info.label} file…`
              : done
        }
      />
    </form>
  );
}
