// A saved code's picture in My QR Codes, drawn on the device only once its row scrolls into view,
// and one picture per idle moment (a list of many codes paints its rows first and never drops a
// frame to its drawings).
import { QrCode } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { codeText } from '../../../domain/qr/code-text';
import type { SavedCode } from '../../../domain/qr/saved-code';
import { idleQueue } from '../../../lib/idle-queue';
import { renderCode } from '../render/render-code';
import type { DynamicLink } from '../links/dynamic-links';

/** The list's drawings, waiting for their turn. */
const drawings = idleQueue();

/**
 * What the code's picture holds: its printed short link when it is dynamic (none until the server
 * has made the link), else its content.
 */
export function savedCodeText(code: SavedCode, link: DynamicLink | null): string | null {
  if (code.dynamic && !link) return null;
  return codeText(code, code.dynamic && link ? link.id : null, window.location.origin).text;
}

/** The code's picture, drawn when it comes into view; a plain mark when it cannot be made. */
export function CodeThumbnail({ code, text }: { code: SavedCode; text: string | null }) {
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
    const cancel = drawings.add(() => {
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
