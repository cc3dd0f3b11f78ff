// A code's daily figures of all time as a CSV file: read from the server when asked (the page
// holds only the last few months), built by stats-csv.ts, saved through a download link.
import { useState } from 'react';
import { scanCsv, scanCsvFileName } from '../../../domain/qr/scan-csv';
import { scanDay } from '../../../domain/qr/scan-time';
import { FormAlert } from '../../../lib/ui/field';
import { saveFile } from '../../../lib/save-file';
import { useWorkspace } from '../../../lib/workspace/workspace';
import { loadStore } from '../codes/use-saved-codes';

const FAILED = 'The daily figures could not be read. Check your connection, then try again.';

/** The figures of `linkId`, a link of `workspace` (the rules let its members read them). */
async function downloadCsv(workspace: string, linkId: string, name: string) {
  const [{ openFirestore }, , { readLinkCounts }] = await loadStore();
  const days = await readLinkCounts(await openFirestore(), workspace, linkId);
  // Up to today: the last rows of a code no longer scanned say so with zeros.
  const csv = scanCsv(days, scanDay(new Date()));
  saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), scanCsvFileName(name, linkId));
}

export function StatsCsvButton({ linkId, name }: { linkId: string; name: string }) {
  const { current } = useWorkspace();
  const [state, setState] = useState<'idle' | 'reading' | 'failed'>('idle');
  const download = () => {
    if (!current || state === 'reading') return;
    setState('reading');
    downloadCsv(current.id, linkId, name).then(
      () => setState('idle'),
      (error: unknown) => {
        console.error(error);
        setState('failed');
      },
    );
  };
  return (
    <div className="stats-csv">
      <button
        type="button"
        className="button button--ghost"
        onClick={download}
        aria-disabled={state === 'reading'}
      >
        Download daily figures (CSV)
        <span className="visually-hidden"> of {name}</span>
      </button>
      <p role="status" className="stats-csv__status">
        {state === 'reading' ? 'Reading the figures…' : ''}
      </p>
      {state === 'failed' ? <FormAlert>{FAILED}</FormAlert> : null}
    </div>
  );
}
