// The drawn code in the page, or plainly why there is none: the content is incomplete, or the
// text is too long (with how much to cut).
//
// The preview adopts the renderer's own SVG element (no markup serialised and parsed again on
// each change); the element's hundreds of shapes sit inside one role="img" with its label.
import { useLayoutEffect, useRef } from 'react';
import { PREVIEW_MEASURE, type CodeState } from './use-code';
import './code-picture.css';

export function CodePicture({
  state,
  label,
  transparent,
}: {
  state: CodeState;
  /** What the picture is, for screen readers (e.g. "QR code that opens https://…"). */
  label: string;
  transparent: boolean;
}) {
  const ready = state.status === 'ready' ? state : null;
  const holder = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const element = holder.current;
    if (!ready || !element) return;
    element.replaceChildren(ready.code.element);
    // The whole update, from the change to the new picture in the page.
    performance.measure(PREVIEW_MEASURE, { start: ready.startedAt, end: performance.now() });
  }, [ready]);

  return (
    <div className={`code-picture${transparent ? ' is-transparent' : ''}`}>
      {ready ? (
        <div
          ref={holder}
          className="code-picture__svg"
          role="img"
          aria-label={label}
          data-modules={ready.code.modules}
        />
      ) : (
        <div className="code-picture__empty">
          {state.status === 'drawing' ? (
            <p role="status">Drawing your code…</p>
          ) : state.status === 'none' ? (
            <p role="status">{state.reason}</p>
          ) : state.status === 'too-long' || state.status === 'failed' ? (
            <p role="alert">{state.message}</p>
          ) : null}
        </div>
      )}
    </div>
  );
}
