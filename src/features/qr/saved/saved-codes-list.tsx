// 'My QR Codes': the user's saved codes, newest change first, each with its picture drawn on the
// device (only once it scrolls into view, so a long list stays quick), its type, and whether it
// is safely stored or still waiting to sync.
import { CloudOff, QrCode } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { findQrType } from '../../../domain/qr/content';
import { payloadFor, payloadText } from '../../../domain/qr/payload';
import type { SavedCode } from '../../../domain/qr/saved-code';
import { FormAlert } from '../../../lib/ui/field';
import { renderCode } from '../render/render-code';
import { useSavedCodes } from './use-saved-codes';
import './saved-codes.css';
import { savedAt } from '../../../lib/ui/saved-at';

export function SavedCodesList() {
  const view = useSavedCodes();
  if (view.status === 'loading') return <p role="status">Loading your codes…</p>;
  if (view.status === 'failed') return <FormAlert>{view.message}</FormAlert>;
  if (view.codes.length === 0) return <EmptyState />;
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
      <ul className="saved-codes__list">
        {view.codes.map((code) => (
          <SavedCodeRow key={code.id} code={code} pending={view.pendingIds.has(code.id)} />
        ))}
      </ul>
    </section>
  );
}

function SavedCodeRow({ code, pending }: { code: SavedCode; pending: boolean }) {
  const type = findQrType(code.type);
  return (
    <li className="saved-codes__row" aria-labelledby={`saved-${code.id}`}>
      <CodeThumbnail code={code} />
      <div className="saved-codes__about">
        <p id={`saved-${code.id}`} className="saved-codes__name">
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
      </div>
    </li>
  );
}

/** The code's picture, drawn when it comes into view; a plain mark when it cannot be made. */
function CodeThumbnail({ code }: { code: SavedCode }) {
  const frame = useRef<HTMLDivElement>(null);
  // The drawing goes into a holder React leaves empty (it adopts the renderer's element).
  const holder = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  const [drawn, setDrawn] = useState(false);
  const text = payloadText(
    payloadFor(code.type, code.content, { viewerOrigin: window.location.origin }),
  );

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
    renderCode(design, text, `saved-${id}`)
      .then((result) => {
        if (!live || !result.ok || !holder.current) return;
        holder.current.replaceChildren(result.code.element);
        setDrawn(true);
      })
      .catch((error: unknown) => console.error(error));
    return () => {
      live = false;
    };
  }, [visible, text, version]);

  return (
    <div
      ref={frame}
      className="saved-codes__picture"
      role="img"
      aria-label={
        text === null ? `No picture: ${code.name} needs its file hosted` : `QR code ${code.name}`
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
