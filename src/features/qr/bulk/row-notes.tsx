// A short table of the rows or codes that need the person: what each is, and what happened to it
// (the server's refusals after writing, the codes left out of the print files).
export function RowNotes({
  caption,
  heading,
  notes,
}: {
  caption: string;
  /** The first column's heading: "Row", "Code". */
  heading: string;
  notes: readonly { readonly key: string; readonly name: string; readonly text: string }[];
}) {
  if (notes.length === 0) return null;
  return (
    <div className="bulk__table-wrap">
      <table className="bulk__table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{heading}</th>
            <th scope="col">What happened</th>
          </tr>
        </thead>
        <tbody>
          {notes.map((note) => (
            <tr key={note.key}>
              <th scope="row">{note.name}</th>
              <td>{note.text}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
