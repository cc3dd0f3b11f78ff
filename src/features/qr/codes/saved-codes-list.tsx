// 'My QR Codes': the saved codes of the workspace the person works in, found by name and ordered by last change or name (the
// toolbar), each a row (saved-code-row.tsx) with its picture drawn on the device, what it is,
// whether it is safely stored or still waiting to sync, and what can be done with it. What the
// list says after an action, with Undo for Delete, sits above the codes. Each listing from the
// server goes to the links (reconcile-links.ts), which ask about any link out of step with its code.
// A row offers only what the person's role there allows (the roles table; the rules and the
// functions refuse the rest anyway), and in a workspace with members says who made each code and
// who changed it last.
import { CloudOff, QrCode } from 'lucide-react';
import { startTransition, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { ALL_DAYS } from '../../../domain/qr/scan-counts';
import { listedCodes, type CodeOrder, type SavedCode } from '../../../domain/qr/saved-code';
import { historyHrefOfCode } from '../../../domain/history-path';
import { mayChangeCode, roleMay, roles } from '../../../domain/team';
import { useAuth } from '../../../lib/auth/session';
import { whenIdle } from '../../../lib/idle-queue';
import { FormAlert } from '../../../lib/ui/field';
import { personIn, useMembers } from '../../../lib/workspace/members';
import { useWorkspace, writerIn, type WorkspaceChoice } from '../../../lib/workspace/workspace';
import { useWizard } from '../draft/wizard-store';
import { linkState } from '../links/link-state';
import { linkSyncer, useLinkWork, usePasswordWork } from '../links/link-syncer';
import { reconcileLinks } from '../links/reconcile-links';
import { RefusedChanges } from './refused-changes';
import { SavedCodeDownload } from './saved-code-download';
import { SavedCodeRow, type RowAccess, type RowActions } from './saved-code-row';
import { SavedCodesToolbar } from './saved-codes-toolbar';
import { useListActions } from './use-list-actions';
import { origin, prefetchStore, useSavedCodes } from './use-saved-codes';
import './saved-codes.css';

// This module loads with the pages that list codes, before sign-in is restored.
prefetchStore();

/**
 * Rows put in the page at once; the rest follow in batches while the browser is idle, so a long
 * list shows its first screen without waiting for all of it (200 rows took 300-570 ms at once
 * on a 2-core machine; `npm run bench` measures both).
 */
const FIRST_ROWS = 12;
const MORE_ROWS = 24;

/** Who made a code and who changed it last, in words ("Made by you · changed last by …"). */
function peopleOf(code: SavedCode, name: (uid: string | null) => string): string {
  const made = name(code.createdBy);
  const changed = name(code.updatedBy ?? code.createdBy);
  return made === changed
    ? `Made and last changed by ${made}`
    : `Made by ${made} · changed last by ${changed}`;
}

/** What the person may do with each code of `workspace`, and who made it where that is worth saying. */
function useAccess(workspace: WorkspaceChoice | null): (code: SavedCode) => RowAccess {
  const { user } = useAuth();
  const members = useMembers(workspace?.id ?? null);
  const me = user?.uid ?? null;
  return (code) => {
    if (!workspace || !me) return { mayChange: false, mayAdd: false, people: null, history: null };
    const writer = writerIn(workspace, me);
    // An account of one needs no names: every code is its own person's.
    const team = workspace.id !== me || (members?.length ?? 0) > 0;
    return {
      mayChange: mayChangeCode(writer, code.createdBy),
      mayAdd: roleMay(workspace.role, 'codes.write'),
      history: roleMay(workspace.role, 'history.read') ? historyHrefOfCode(code.id) : null,
      people:
        team && members ? peopleOf(code, (uid) => personIn(uid, { me, workspace, members })) : null,
    };
  };
}

/** What the person's role lets them do here, when it is less than everything. */
function roleNote(workspace: WorkspaceChoice | null): string | null {
  if (!workspace) return null;
  const { label } = roles[workspace.role];
  if (!roleMay(workspace.role, 'codes.write')) {
    return `Your role in ${workspace.name} (${label}) lets you see and download its codes, not change them.`;
  }
  if (workspace.role === 'editor' && workspace.member?.ownCodesOnly) {
    return `In ${workspace.name} you change the codes you made; the others are yours to see and download.`;
  }
  return null;
}

/** The codes, and above them the changes the server refused, wherever codes are listed. */
export function SavedCodesList() {
  return (
    <>
      <RefusedChanges />
      <SavedCodesListing />
    </>
  );
}

function SavedCodesListing() {
  const { view, store } = useSavedCodes();
  const { current } = useWorkspace();
  const accessOf = useAccess(current);
  const work = useLinkWork();
  const passwords = usePasswordWork();
  const wizard = useWizard();
  const { notice, noticeRef, duplicate, remove, undo } = useListActions(store);
  const [query, setQuery] = useState('');
  const [order, setOrder] = useState<CodeOrder>('newest');
  const [downloading, setDownloading] = useState<SavedCode | null>(null);
  const codes = view.status === 'ready' ? view.codes : null;
  const shown = useMemo(
    () => (codes ? listedCodes(codes, query, order) : []),
    [codes, query, order],
  );
  useEffect(() => {
    // The server's listing of codes and links, both: the device's copy may be behind.
    if (view.status === 'ready' && view.linksListed && !view.fromCache) {
      reconcileLinks(view, origin(), view.workspace);
    }
  }, [view]);
  const [rowLimit, setRowLimit] = useState(FIRST_ROWS);
  useEffect(() => {
    if (rowLimit >= shown.length) return;
    return whenIdle(() => startTransition(() => setRowLimit((limit) => limit + MORE_ROWS)));
  }, [rowLimit, shown.length]);

  if (view.status === 'loading') return <p role="status">Loading your codes…</p>;
  if (view.status === 'failed') return <FormAlert>{view.message}</FormAlert>;
  if (view.codes.length === 0 && notice === null) return <EmptyState workspace={current} />;

  const actions: RowActions = {
    duplicate,
    remove,
    download: setDownloading,
    retryLink: (code) => linkSyncer.retry(code.id),
  };

  return (
    <section className="saved-codes" aria-labelledby="saved-codes-title">
      <h2 id="saved-codes-title" className="saved-codes__title">
        Saved codes ({view.codes.length})
      </h2>
      {roleNote(current) ? <p className="saved-codes__note">{roleNote(current)}</p> : null}
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
      <SavedCodesToolbar
        query={query}
        onQuery={setQuery}
        order={order}
        onOrder={setOrder}
        total={view.codes.length}
        found={shown.length}
      />
      <ul className="saved-codes__list">
        {shown.slice(0, rowLimit).map((code) => {
          const link = view.links.get(code.id) ?? null;
          return (
            <SavedCodeRow
              key={code.id}
              code={code}
              pending={view.pendingIds.has(code.id)}
              link={link}
              state={linkState(code, link, work.get(code.id), window.location.origin)}
              // The short link's figures of all time, if it has any.
              scans={(link && view.counts.get(link.id)?.get(ALL_DAYS)?.scans) ?? 0}
              passwordWork={passwords.get(code.id)}
              actions={actions}
              wizard={wizard}
              store={store}
              access={accessOf(code)}
            />
          );
        })}
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

/** No codes saved yet: say so, and lead to making one where the person may. */
function EmptyState({ workspace }: { workspace: WorkspaceChoice | null }) {
  const own = !workspace || workspace.member === null;
  const mayAdd = !workspace || roleMay(workspace.role, 'codes.write');
  return (
    <section className="panel account-empty" aria-labelledby="account-empty-title">
      <QrCode className="account-empty__icon" aria-hidden="true" size={48} strokeWidth={1.5} />
      <h2 id="account-empty-title">
        {own ? 'You have no QR codes yet' : `${workspace.name} has no QR codes yet`}
      </h2>
      {mayAdd ? (
        <>
          <p>
            Make a code, then choose {own ? 'Save to My QR Codes' : `Save to ${workspace.name}`} on
            its last step: it is listed here, on every device you sign in on.
          </p>
          <Link to={paths.qrType} className="button">
            Create a QR code
          </Link>
        </>
      ) : (
        <p>{roleNote(workspace)} Codes its team saves are listed here.</p>
      )}
    </section>
  );
}
