// 'My QR Codes': the user's saved codes, found by name and ordered by last change or name, each
// with its picture drawn on the device (only once it scrolls into view, so a long list stays
// quick), its type, whether it is safely stored or still waiting to sync, and what can be done
// with it: Edit (the wizard reopens on it), Duplicate, Download, Delete (with Undo).
import { CloudOff, Copy, Download, Pencil, QrCode, Trash2, type LucideIcon } from 'lucide-react';
import { startTransition, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { findQrType } from '../../../domain/qr/qr-types';
import { hasProgress } from '../../../domain/qr/draft';
import { encodedText } from '../../../domain/qr/dynamic';
import { payloadFor } from '../../../domain/qr/qr-types';
import { ALL_DAYS } from '../../../domain/qr/scan-counts';
import {
  codeOrders,
  draftFromSaved,
  duplicateFields,
  fieldsOf,
  listedCodes,
  type CodeOrder,
  type SavedCode,
} from '../../../domain/qr/saved-code';
import { FormAlert } from '../../../lib/ui/field';
import { savedAt } from '../../../lib/ui/saved-at';
import { renderCode } from '../render/render-code';
import { useWizard, type Wizard } from '../wizard/wizard-store';
import { codeFiles, forgetCodeFiles, keepCodeFiles } from './code-files';
import { CodeUploadStatus } from './code-upload-status';
import type { DynamicLink, LinkDays } from './dynamic-links';
import { linkState, type LinkState } from './link-state';
import { linkSyncer, useLinkWork, usePasswordWork, type PasswordWork } from './link-syncer';
import { ShortLinkStatus } from './short-link-status';
import { SavedCodeDownload } from './saved-code-download';
import { prefetchStore, useSavedCodes, type SavedCodesStore } from './use-saved-codes';
import './saved-codes.css';

// This module loads with the pages that list codes, before sign-in is restored.
prefetchStore();

/** What the list says after an action, above the codes. */
type Notice =
  | { readonly kind: 'deleted'; readonly code: SavedCode }
  | { readonly kind: 'said'; readonly message: string };

/**
 * Rows put in the page at once; the rest follow in batches while the browser is idle, so a long
 * list shows its first screen without waiting for all of it (200 rows took 300-570 ms at once
 * on a 2-core machine; `npm run bench` measures both).
 */
const FIRST_ROWS = 12;
const MORE_ROWS = 24;

const whenIdle = (run: () => void): (() => void) => {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout: 200 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(run, 16);
  return () => clearTimeout(handle);
};

/** Drawings waiting for their turn: one at a time, each when the browser is idle. */
const drawQueue: (() => Promise<void>)[] = [];
let drawing = false;

/** Runs `draw` after the drawings queued before it, at an idle moment; returns its cancel. */
function inTurn(draw: () => Promise<void>): () => void {
  drawQueue.push(draw);
  if (!drawing) drawNext();
  return () => {
    const index = drawQueue.indexOf(draw);
    if (index >= 0) drawQueue.splice(index, 1);
  };
}

function drawNext() {
  const next = drawQueue.shift();
  drawing = next !== undefined;
  if (!next) return;
  whenIdle(() => void next().finally(drawNext));
}

/**
 * What the code's picture holds: its printed short link when it is dynamic (none until the server
 * has made the link), else its content.
 */
function textOf(code: SavedCode, link: DynamicLink | null): string | null {
  if (code.dynamic && !link) return null;
  return encodedText(
    code.type,
    payloadFor(code.type, code.content, {
      viewerOrigin: window.location.origin,
      hosted: code.hosted,
    }),
    code.dynamic && link ? link.id : null,
    window.location.origin,
  );
}

export function SavedCodesList() {
  const { view, store } = useSavedCodes();
  const work = useLinkWork();
  const passwords = usePasswordWork();
  const wizard = useWizard();
  const [query, setQuery] = useState('');
  const [order, setOrder] = useState<CodeOrder>('newest');
  const [notice, setNotice] = useState<Notice | null>(null);
  const [downloading, setDownloading] = useState<SavedCode | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const searchId = useId();
  const codes = view.status === 'ready' ? view.codes : null;
  const shown = useMemo(
    () => (codes ? listedCodes(codes, query, order) : []),
    [codes, query, order],
  );
  const [rowLimit, setRowLimit] = useState(FIRST_ROWS);
  useEffect(() => {
    if (rowLimit >= shown.length) return;
    return whenIdle(() => startTransition(() => setRowLimit((limit) => limit + MORE_ROWS)));
  }, [rowLimit, shown.length]);

  // A deleted code's files leave this device once Undo is no longer offered (unless it was used).
  const uid = store?.uid;
  const restored = useRef(new Set<string>());
  useEffect(() => {
    if (notice?.kind !== 'deleted' || !uid) return;
    const { id } = notice.code;
    const undone = restored.current;
    return () => {
      if (!undone.has(id)) void forgetCodeFiles(uid, id);
    };
  }, [notice, uid]);

  if (view.status === 'loading') return <p role="status">Loading your codes…</p>;
  if (view.status === 'failed') return <FormAlert>{view.message}</FormAlert>;
  if (view.codes.length === 0 && notice === null) return <EmptyState />;

  const say = (next: Notice) => {
    setNotice(next);
    // The row acted on may be gone (Delete): focus goes to what the list now says.
    requestAnimationFrame(() => noticeRef.current?.focus());
  };
  const actions: RowActions = {
    duplicate: (code) => {
      if (!store) return;
      const fields = duplicateFields(code);
      const id = store.add(fields);
      void codeFiles(store.uid, code.id).then((files) =>
        Object.keys(files).length > 0
          ? keepCodeFiles(store.uid, id, draftFromSaved(code, 'content', files))
          : undefined,
      );
      say({ kind: 'said', message: `Duplicated as “${fields.name}”.` });
    },
    remove: (code) => {
      if (!store) return;
      // Its printed copies then say the code is no longer active; Undo brings the link back.
      store.remove(code);
      say({ kind: 'deleted', code });
    },
    download: setDownloading,
    retryLink: (code) => linkSyncer.retry(code.id),
  };
  const undo = (code: SavedCode) => {
    if (!store) return;
    restored.current.add(code.id);
    store.restore(code);
    say({
      kind: 'said',
      message: code.dynamic
        ? `“${code.name}” is back in My QR Codes, and its short link works again${navigator.onLine ? '' : ' once you are back online'}.`
        : `“${code.name}” is back in My QR Codes.`,
    });
  };

  return (
    <section className="saved-codes" aria-labelledby="saved-codes-title">
      <h2 id="saved-codes-title" className="saved-codes__title">
        Saved codes ({view.codes.length})
      </h2>
      {view.fromCache ? (
        <p className="saved-codes__note">
          <CloudOff aria-hidden="true" size={16} /> Shown from this device: changes sync when you
          are back online.
        </p>
      ) : null}
      <div className="saved-codes__notice" role="status" ref={noticeRef} tabIndex={-1}>
        {notice?.kind === 'deleted' ? (
          <>
            <span>Deleted “{notice.code.name}”.</span>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => undo(notice.code)}
            >
              Undo
            </button>
          </>
        ) : (
          notice?.message
        )}
      </div>
      {view.codes.length > 0 ? (
        <div className="saved-codes__tools" role="search" aria-label="Your codes">
          <div className="field saved-codes__tool">
            <label htmlFor={`${searchId}-q`}>Search by name</label>
            <input
              id={`${searchId}-q`}
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              autoComplete="off"
            />
          </div>
          <div className="field saved-codes__tool">
            <label htmlFor={`${searchId}-order`}>Sort by</label>
            <select
              id={`${searchId}-order`}
              value={order}
              onChange={(event) => setOrder(event.target.value as CodeOrder)}
            >
              {codeOrders.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.label}
                </option>
              ))}
            </select>
          </div>
        </div>
      ) : null}
      {query.trim() ? (
        <p className="saved-codes__found" role="status">
          {shown.length === 0
            ? `No code's name contains “${query.trim()}”.`
            : `${shown.length} of ${view.codes.length} codes match “${query.trim()}”.`}
        </p>
      ) : null}
      <ul className="saved-codes__list">
        {shown.slice(0, rowLimit).map((code) => (
          <SavedCodeRow
            key={code.id}
            code={code}
            pending={view.pendingIds.has(code.id)}
            link={view.links.get(code.id) ?? null}
            state={linkState(
              code,
              view.links.get(code.id) ?? null,
              work.get(code.id),
              window.location.origin,
            )}
            counts={counts(view.counts, view.links.get(code.id))}
            pendingWrite={view.pendingIds.has(code.id)}
            passwordWork={passwords.get(code.id)}
            actions={actions}
            wizard={wizard}
            store={store}
          />
        ))}
      </ul>
      {downloading ? (
        <SavedCodeDownload
          code={downloading}
          linkId={view.links.get(downloading.id)?.id ?? null}
          onClose={() => setDownloading(null)}
        />
      ) : null}
    </section>
  );
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

interface RowActions {
  readonly duplicate: (code: SavedCode) => void;
  readonly remove: (code: SavedCode) => void;
  readonly download: (code: SavedCode) => void;
  readonly retryLink: (code: SavedCode) => void;
}

/** A link's figures of all time, if it has any. */
const counts = (all: ReadonlyMap<string, LinkDays>, link: DynamicLink | undefined) =>
  link ? (all.get(link.id)?.get(ALL_DAYS) ?? null) : null;

function SavedCodeRow({
  code,
  pending,
  link,
  state,
  counts: figures,
  pendingWrite,
  passwordWork,
  actions,
  wizard,
  store,
}: {
  code: SavedCode;
  pending: boolean;
  /** The short link of a dynamic code, once the server has made it. */
  link: DynamicLink | null;
  state: LinkState;
  counts: { readonly scans: number } | null;
  /** A write of this code has not reached the server yet. */
  pendingWrite: boolean;
  passwordWork: PasswordWork | undefined;
  actions: RowActions;
  wizard: Wizard;
  store: SavedCodesStore | null;
}) {
  const type = findQrType(code.type);
  const navigate = useNavigate();
  const [replacing, setReplacing] = useState(false);
  const text = textOf(code, state.kind === 'none' ? null : link);
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
    const files = store ? await codeFiles(store.uid, code.id) : {};
    wizard.replace(draftFromSaved(code, 'content', files, link && !link.deleted ? link.id : null));
    void navigate(paths.qrContent);
  };

  const buttons: readonly RowButton[] = [
    {
      label: 'Edit',
      icon: Pencil,
      run: () => (otherDraft ? setReplacing(true) : void edit()),
      disabled: !wizard.ready,
    },
    { label: 'Duplicate', icon: Copy, run: () => actions.duplicate(code), disabled: !store },
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
    {
      label: 'Delete',
      icon: Trash2,
      run: () => actions.remove(code),
      disabled: !store,
      className: 'saved-codes__delete',
    },
  ];

  return (
    <li className="saved-codes__row" aria-labelledby={nameId}>
      <CodeThumbnail code={code} text={text} />
      <div className="saved-codes__about">
        <p id={nameId} className="saved-codes__name">
          {code.name}
        </p>
        <p className="saved-codes__meta">
          {type?.label ?? code.type} ·{' '}
          {pending || code.updatedAt === null ? (
            <span className="saved-codes__pending">Waiting to sync</span>
          ) : (
            <>Saved {savedAt.format(code.updatedAt)}</>
          )}
        </p>
        {state.kind === 'none' ? null : (
          <ShortLinkStatus
            state={state}
            scans={figures?.scans ?? 0}
            nameId={nameId}
            pendingWrite={pendingWrite}
            onRetry={() => actions.retryLink(code)}
            protection={{
              work: passwordWork,
              set: (password) => linkSyncer.setPassword(code.id, password, true),
              remove: () =>
                store?.update(code.id, { ...fieldsOf(code), passwordProtected: false }, true),
            }}
          />
        )}
        <CodeUploadStatus code={code} uid={store?.uid} />
        {text === null && state.kind === 'none' ? (
          <p className="saved-codes__meta">
            Its file is not on our server: {code.files.join(', ') || 'the file'}. Open Edit on the
            device that keeps it and save the code again to make its short link.
          </p>
        ) : null}
      </div>
      {replacing ? (
        <div className="saved-codes__confirm" role="group" aria-label={`Edit ${code.name}`}>
          <p>
            Your unfinished code{draft.content.text.qrName ? ` “${draft.content.text.qrName}”` : ''}{' '}
            will be replaced by this one.
          </p>
          <button
            type="button"
            className="button"
            onClick={() => void edit()}
            disabled={!wizard.ready}
          >
            Replace it
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => setReplacing(false)}
          >
            Keep it
          </button>
        </div>
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

/** The code's picture, drawn when it comes into view; a plain mark when it cannot be made. */
function CodeThumbnail({ code, text }: { code: SavedCode; text: string | null }) {
  const frame = useRef<HTMLDivElement>(null);
  // The drawing goes into a holder React leaves empty (it adopts the renderer's element).
  const holder = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    const element = frame.current;
    if (!element || visible) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);

  // Every snapshot of the list makes new code objects (a sync, another code's change): the
  // picture is drawn again only when this code itself changed, which moves its updatedAt.
  const latest = useRef(code);
  useEffect(() => {
    latest.current = code;
  });
  const version = `${code.id} ${code.updatedAt?.getTime() ?? 'pending'}`;

  useEffect(() => {
    if (!visible || text === null) return;
    let live = true;
    const { design, id } = latest.current;
    // One picture per idle moment: the rows paint first, and drawing many never blocks a frame.
    const cancel = inTurn(() => {
      if (!live) return Promise.resolve();
      return renderCode(design, text, `saved-${id}`)
        .then((result) => {
          if (!live || !result.ok || !holder.current) return;
          holder.current.replaceChildren(result.code.element);
          setDrawn(true);
        })
        .catch((error: unknown) => console.error(error));
    });
    return () => {
      live = false;
      cancel();
    };
  }, [visible, text, version]);

  return (
    <div
      ref={frame}
      className="saved-codes__picture"
      role="img"
      aria-label={
        text !== null
          ? `QR code ${code.name}`
          : code.dynamic
            ? `No picture yet: ${code.name} waits for its short link`
            : `No picture: ${code.name} needs its file uploaded`
      }
    >
      {drawn ? null : <QrCode aria-hidden="true" size={40} strokeWidth={1.25} />}
      <div ref={holder} className="saved-codes__drawing" hidden={!drawn} />
    </div>
  );
}

/** No codes saved yet: say so, and lead to making one. */
function EmptyState() {
  return (
    <section className="panel account-empty" aria-labelledby="account-empty-title">
      <QrCode className="account-empty__icon" aria-hidden="true" size={48} strokeWidth={1.5} />
      <h2 id="account-empty-title">You have no QR codes yet</h2>
      <p>
        Make a code, then choose Save to My QR Codes on its last step: it is listed here, on every
        device you sign in on.
      </p>
      <Link to={paths.qrType} className="button">
        Create a QR code
      </Link>
    </section>
  );
}
