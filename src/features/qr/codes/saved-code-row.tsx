// One code in My QR Codes: its picture, name, type, whether it is safely stored, its short link's
// state, and its buttons: Edit (the wizard reopens on it, after asking when that would replace an
// unfinished code), Duplicate, Download (once it has a picture that works), Delete.
import { Copy, Download, Pencil, Trash2, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { hasProgress } from '../../../domain/qr/draft';
import { findQrType } from '../../../domain/qr/qr-types';
import { draftFromSaved, fieldsOf, type SavedCode } from '../../../domain/qr/saved-code';
import { savedAt } from '../../../lib/ui/saved-at';
import type { Wizard } from '../draft/wizard-store';
import { codeFiles } from '../links/code-files';
import { CodeThumbnail, savedCodeText } from './code-thumbnail';
import { CodeUploadStatus } from '../links/code-upload-status';
import { DestinationCare } from '../links/destination-care';
import { ReplaceDraft } from './replace-draft';
import type { DynamicLink } from '../links/dynamic-links';
import type { LinkState } from '../links/link-state';
import { linkSyncer, type PasswordWork } from '../links/link-syncer';
import { ShortLinkStatus } from '../links/short-link-status';
import type { SavedCodesStore } from './use-saved-codes';

/** What the list does for a row's buttons. */
export interface RowActions {
  readonly duplicate: (code: SavedCode) => void;
  readonly remove: (code: SavedCode) => void;
  readonly download: (code: SavedCode) => void;
  readonly retryLink: (code: SavedCode) => void;
}

/** One of a row's buttons. */
interface RowButton {
  readonly label: string;
  readonly icon: LucideIcon;
  readonly run: () => void;
  readonly disabled?: boolean;
  readonly opensDialog?: boolean;
  readonly className?: string;
}

/** What the person may do with a row's code, and who made and changed it, where that is worth saying. */
export interface RowAccess {
  /** Edit, Delete and the password: their role allows changing this code. */
  readonly mayChange: boolean;
  /** Duplicate: their role allows making codes here. */
  readonly mayAdd: boolean;
  /** "Made by … · changed last by …", in a workspace with members; null otherwise. */
  readonly people: string | null;
  /** The history of the code's changes, for a dynamic code and a role that may read it. */
  readonly history: string | null;
}

export function SavedCodeRow({
  code,
  pending,
  link,
  state,
  scans,
  passwordWork,
  actions,
  wizard,
  store,
  access,
}: {
  code: SavedCode;
  /** A write of this code has not reached the server yet. */
  pending: boolean;
  /** The short link of a dynamic code, once the server has made it. */
  link: DynamicLink | null;
  state: LinkState;
  /** Its short link's scans of all time. */
  scans: number;
  passwordWork: PasswordWork | undefined;
  actions: RowActions;
  wizard: Wizard;
  store: SavedCodesStore | null;
  access: RowAccess;
}) {
  const navigate = useNavigate();
  const [replacing, setReplacing] = useState(false);
  const text = savedCodeText(code, state.kind === 'none' ? null : link);
  // A dynamic code's picture is offered only once its link works (and is not switched off).
  const downloadable = text !== null && (state.kind === 'none' || state.kind === 'active');
  const nameId = `saved-${code.id}`;

  const { draft } = wizard;
  // A draft in progress that is not this code would be lost to Edit: ask first.
  const otherDraft = hasProgress(draft) && draft.editing?.id !== code.id;
  const edit = async () => {
    if (draft.editing?.id === code.id) {
      void navigate(paths.qrContent);
      return;
    }
    if (!store) return;
    const files = await codeFiles(store.uid, code.id);
    const linkId = link && !link.deleted ? link.id : null;
    // Its changes go to the workspace it is saved in, whichever one is chosen meanwhile.
    wizard.replace(draftFromSaved(code, 'content', files, linkId, store.workspace));
    void navigate(paths.qrContent);
  };

  const { mayChange, mayAdd } = access;
  const buttons: readonly RowButton[] = [
    ...(!mayChange
      ? []
      : [
          {
            label: 'Edit',
            icon: Pencil,
            run: () => (otherDraft ? setReplacing(true) : void edit()),
            disabled: !wizard.ready || !store,
          },
        ]),
    ...(!mayAdd
      ? []
      : [{ label: 'Duplicate', icon: Copy, run: () => actions.duplicate(code), disabled: !store }]),
    // A code of a file type has no picture to download until its file is hosted, nor a dynamic
    // code until its short link works.
    ...(!downloadable
      ? []
      : [
          {
            label: 'Download',
            icon: Download,
            run: () => actions.download(code),
            opensDialog: true,
          },
        ]),
    ...(!mayChange
      ? []
      : [
          {
            label: 'Delete',
            icon: Trash2,
            run: () => actions.remove(code),
            disabled: !store,
            className: 'saved-codes__delete',
          },
        ]),
  ];

  return (
    <li className="saved-codes__row" aria-labelledby={nameId}>
      <CodeThumbnail code={code} text={text} />
      <div className="saved-codes__about">
        <p id={nameId} className="saved-codes__name">
          {code.name}
        </p>
        <p className="saved-codes__meta">
          {findQrType(code.type)?.label ?? code.type} ·{' '}
          {pending || code.updatedAt === null ? (
            <span className="saved-codes__pending">Waiting to sync</span>
          ) : (
            <>Saved {savedAt.format(code.updatedAt)}</>
          )}
        </p>
        {access.people || (access.history && code.dynamic) ? (
          <p className="saved-codes__meta">
            {access.people}
            {access.people && access.history && code.dynamic ? ' · ' : null}
            {access.history && code.dynamic ? (
              <Link to={access.history} aria-describedby={nameId}>
                History of its changes
              </Link>
            ) : null}
          </p>
        ) : null}
        {state.kind === 'none' ? null : (
          <ShortLinkStatus
            state={state}
            scans={scans}
            nameId={nameId}
            pendingWrite={pending}
            onRetry={() => actions.retryLink(code)}
            protection={
              mayChange && store
                ? {
                    work: passwordWork,
                    set: (password) =>
                      linkSyncer.setPassword(code.id, password, true, store.workspace),
                    remove: () =>
                      store.update(code.id, { ...fieldsOf(code), passwordProtected: false }, true),
                  }
                : null
            }
          />
        )}
        {link && state.kind === 'active' && store ? (
          <DestinationCare
            link={link}
            workspace={store.workspace}
            mayChange={mayChange}
            nameId={nameId}
          />
        ) : null}
        <CodeUploadStatus code={code} place={store} />
        {text === null && state.kind === 'none' ? (
          <p className="saved-codes__meta">
            Its file is not on our server: {code.files.join(', ') || 'the file'}. Open Edit on the
            device that keeps it and save the code again to make its short link.
          </p>
        ) : null}
      </div>
      {replacing ? (
        <ReplaceDraft
          code={code}
          draftName={draft.content.text.qrName}
          ready={wizard.ready}
          onReplace={() => void edit()}
          onKeep={() => setReplacing(false)}
        />
      ) : (
        <div className="saved-codes__actions">
          {buttons.map(({ label, icon: Icon, run, disabled, opensDialog, className }) => (
            <button
              key={label}
              type="button"
              className={`button button--ghost${className ? ` ${className}` : ''}`}
              onClick={run}
              disabled={disabled}
              aria-haspopup={opensDialog ? 'dialog' : undefined}
              aria-describedby={nameId}
            >
              <Icon aria-hidden="true" size={16} /> {label}
            </button>
          ))}
        </div>
      )}
    </li>
  );
}
