import { useId, useMemo, useState, type DragEvent } from 'react';
import { checkFile, formatBytes, previewKind, type FileKind } from '../../../domain/qr/files';
import { useObjectUrl } from './use-object-url';

/**
 * An upload by drag and drop or by the file picker, checked by kind and size before it is taken,
 * with the chosen file's name, size, preview and a Remove button. A refused file leaves the
 * previous choice as it was and says why beside the field.
 */
export function FileField({
  name,
  label,
  kind,
  file,
  error,
  onFile,
  onError,
}: {
  name: string;
  label: string;
  kind: FileKind;
  file: File | undefined | null;
  error: string | undefined;
  onFile: (file: File | null) => void;
  onError: (message: string | undefined) => void;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [dragging, setDragging] = useState(false);

  const take = (chosen: File | undefined) => {
    if (!chosen) return;
    const problem = checkFile(kind, chosen);
    onError(problem);
    if (!problem) onFile(chosen);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files[0]);
  };

  return (
    <div className="field file-field">
      <label htmlFor={id}>{label}</label>
      {/* Dropping is the mouse's shortcut; the file input inside is the keyboard's way. */}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions */}
      <div
        className={`file-drop${dragging ? ' is-dragging' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <p aria-hidden="true">Drag a file here, or</p>
        <input
          id={id}
          name={name}
          type="file"
          accept={kind.accept}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
          onChange={(event) => {
            take(event.target.files?.[0]);
            event.target.value = ''; // the same file can be chosen again after Remove
          }}
        />
      </div>
      <p id={hintId} className="field__hint">
        {capitalise(kind.noun)}, at most {formatBytes(kind.maxBytes)}. You can also drop it on the
        box.
      </p>
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
      {file ? (
        <div className="file-chosen">
          <p>
            <span className="file-chosen__name">{file.name}</span> ({formatBytes(file.size)})
          </p>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              onFile(null);
              onError(undefined);
            }}
          >
            Remove<span className="visually-hidden"> {file.name}</span>
          </button>
          <FilePreview file={file} />
        </div>
      ) : null}
    </div>
  );
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function FilePreview({ file }: { file: File }) {
  const kind = previewKind(file.type, file.name);
  // A PDF (its first bytes checked on choosing) is shown as one whatever type the browser gave it
  // (none, for some names): a blob without a type would be sniffed, and could open as a page.
  const shown = useMemo(
    () => (kind === 'pdf' ? new Blob([file], { type: 'application/pdf' }) : file),
    [file, kind],
  );
  const url = useObjectUrl(shown);
  if (!url) return null;
  const title = `Preview of ${file.name}`;
  switch (kind) {
    // A preview of the person's own upload: there are no captions to offer.
    /* eslint-disable jsx-a11y/media-has-caption */
    case 'video':
      return (
        <video className="file-preview" controls src={url} aria-label={title}>
          Your browser does not support the video tag.
        </video>
      );
    case 'audio':
      return <audio className="file-preview" controls src={url} aria-label={title} />;
    /* eslint-enable jsx-a11y/media-has-caption */
    // No `sandbox` attribute: Chromium refuses to show a PDF in any sandboxed frame (tried: every
    // set of sandbox flags gives its "blocked" page), so the preview would be lost. What keeps it
    // safe instead: the file's first bytes were checked to be a PDF when chosen, and the blob is
    // typed application/pdf above, so the browser's PDF viewer shows it and never an HTML page.
    case 'pdf':
      return <iframe className="file-preview file-preview--pdf" src={url} title={title} />;
    default:
      return <img className="file-preview" src={url} alt={title} />;
  }
}
