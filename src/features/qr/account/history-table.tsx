// The history's entries as a table on a wide screen: when, which code, what changed, who, and where
// it led before and after. On a phone (history.css) each entry reads as a short list, its cells one
// under another, "By" before who made the change (the column headers are not shown there).
import {
  changesInWords,
  codeLabel,
  formatSaTime,
  whoLabel,
  type CodeNames,
} from '../../../domain/history-view';
import type { HistoryEntry } from '../../../domain/records/history';

export function HistoryTable({
  entries,
  names,
  workspace,
}: {
  entries: readonly HistoryEntry[];
  names: CodeNames;
  workspace: string;
}) {
  return (
    <div className="history__table">
      <table>
        <colgroup>
          <col className="history__when" />
          <col className="history__code" />
          <col className="history__what" />
          <col className="history__who" />
          <col />
        </colgroup>
        <thead>
          <tr>
            <th scope="col">
              When <span className="history__note">(South African time)</span>
            </th>
            <th scope="col">Code</th>
            <th scope="col">What changed</th>
            <th scope="col">Who</th>
            <th scope="col">Where it led</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>
                <time dateTime={new Date(entry.at).toISOString()}>{formatSaTime(entry.at)}</time>
              </td>
              <th scope="row" className="history__wrap">
                {codeLabel(entry, names)}
              </th>
              <td>{changesInWords(entry.changes)}</td>
              <td className="history__wrap">
                <span className="history__by">By </span>
                {whoLabel(entry, workspace)}
              </td>
              <td className="history__wrap">
                <Where entry={entry} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Before and after; one line when they are the same (a password or a state changed). */
function Where({ entry: { from, to } }: { entry: HistoryEntry }) {
  if (from === to) {
    return (
      <span className="history__move">
        <span className="history__label">Unchanged:</span> {to ?? 'Nowhere'}
      </span>
    );
  }
  return (
    <>
      <span className="history__move">
        <span className="history__label">Before:</span> {from ?? 'Nowhere'}
      </span>{' '}
      <span className="history__move">
        <span className="history__label">After:</span> {to ?? 'Nowhere'}
      </span>
    </>
  );
}
