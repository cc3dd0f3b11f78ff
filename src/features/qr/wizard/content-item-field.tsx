import { lengthProblem, type FieldErrors } from '../../../domain/form';
import {
  fileFields,
  listFields,
  listItemName,
  textFields,
  type ContentItem,
  type ListFieldId,
  type QrContent,
  type TextFieldId,
} from '../../../domain/qr/content';
import { formatBytes } from '../../../domain/qr/files';
import type { HostedFiles } from '../../../domain/qr/hosting';
import { FormField } from '../../../lib/ui/field';
import { contentProblem } from '../uploads/file-content';
import { FileUpload } from '../uploads/file-upload';
import { FileField } from './file-field';

interface ItemProps {
  item: ContentItem;
  /** Hints that replace a text field's own (the password of a protected code). */
  hints?: Partial<Record<TextFieldId, string>>;
  /** An edited code's hosted files, kept while their field is left empty. */
  kept?: HostedFiles;
  content: QrContent;
  errors: FieldErrors;
  setContent: (recipe: (current: QrContent) => QrContent) => void;
  setError: (name: string, message: string | undefined) => void;
}

/** One item of a content section: a described text field, a list of links or an upload. */
export function ContentItemField({
  item,
  hints,
  kept,
  content,
  errors,
  setContent,
  setError,
}: ItemProps) {
  if (item.kind === 'text') {
    const { id } = item;
    const hint = hints?.[id];
    return (
      <FormField
        spec={hint ? { ...textFields[id], hint } : textFields[id]}
        name={id}
        value={content.text[id]}
        error={errors[id]}
        onChange={(event) => {
          const value = event.target.value;
          setContent((current) => ({ ...current, text: { ...current.text, [id]: value } }));
          // Its message goes once it is edited, unless it is (or has become) too long.
          if (errors[id] || value.length > textFields[id].maxLength) {
            setError(id, lengthProblem(textFields[id], value));
          }
        }}
      />
    );
  }
  if (item.kind === 'list') {
    return <LinkList id={item.id} {...{ content, errors, setContent, setError }} />;
  }
  const { id } = item;
  const { label, kind } = fileFields[id];
  const file = content.files[id];
  return (
    <>
      <FileField
        name={id}
        label={label}
        kind={kind}
        file={file}
        error={errors[id]}
        onError={(message) => setError(id, message)}
        onFile={(chosen) => {
          const take = () =>
            setContent((current) => {
              const files = { ...current.files };
              if (chosen) files[id] = chosen;
              else delete files[id];
              return { ...current, files };
            });
          if (!chosen) {
            take();
            return;
          }
          // Its content too, not only its name: a false extension is refused here.
          void contentProblem(chosen, fileFields[id].kindId).then((problem) => {
            if (problem) setError(id, problem);
            else take();
          });
        }}
      />
      {file ? (
        <FileUpload file={file} field={id} />
      ) : kept?.[id] ? (
        <p className="field__hint upload-note">
          This code shows {kept[id].name} ({formatBytes(kept[id].size)}), which is on our server:
          leave this empty to keep it, or choose another file to replace it.
        </p>
      ) : null}
    </>
  );
}

/** The link list: add a link, remove one (only while there is more than one). */
function LinkList({
  id,
  content,
  errors,
  setContent,
  setError,
}: Omit<ItemProps, 'item'> & { id: ListFieldId }) {
  const spec = listFields[id];
  const items = content.lists[id];
  const setItems = (recipe: (current: readonly string[]) => readonly string[]) =>
    setContent((current) => ({
      ...current,
      lists: { ...current.lists, [id]: recipe(current.lists[id]) },
    }));
  const numbered = spec.max > 1;

  return (
    <div className="link-list">
      <ol className="link-list__items">
        {items.map((value, index) => {
          const name = listItemName(id, index);
          return (
            // Items are plain strings; their position is their identity.
            <li key={index} className="link-list__item">
              <FormField
                spec={{
                  ...spec.item,
                  label: numbered ? `${spec.item.label} ${index + 1}` : spec.item.label,
                }}
                name={name}
                value={value}
                error={errors[name]}
                onChange={(event) => {
                  const text = event.target.value;
                  setItems((current) => current.map((entry, at) => (at === index ? text : entry)));
                  if (errors[name] || text.length > spec.item.maxLength) {
                    setError(name, lengthProblem(spec.item, text));
                  }
                }}
              />
              {items.length > 1 ? (
                <button
                  type="button"
                  className="button button--ghost link-list__remove"
                  onClick={() => {
                    setItems((current) => current.filter((_, at) => at !== index));
                    // Messages were keyed by position: the next Next says what is still wrong.
                    items.forEach((_, at) => setError(listItemName(id, at), undefined));
                  }}
                >
                  Remove<span className="visually-hidden"> link {index + 1}</span>
                </button>
              ) : null}
            </li>
          );
        })}
      </ol>
      {numbered && items.length < spec.max ? (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => setItems((current) => [...current, ''])}
        >
          {spec.addLabel}
        </button>
      ) : null}
    </div>
  );
}
