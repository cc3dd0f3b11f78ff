// The drawn code in the page, or plainly why there is none: the content is incomplete, the type
// needs file hosting, or the text is too long (with how much to cut).
import type { CodeState } from './use-code';
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
  const shown = state.status === 'ready' ? state.code : null;
  return (
    <div className={`code-picture${transparent ? ' is-transparent' : ''}`}>
      {shown ? (
        <div
          className="code-picture__svg"
          role="img"
          aria-label={label}
          data-modules={shown.modules}
          // The markup is built by render-code from checked colours, escaped text and a data: URL.
          dangerouslySetInnerHTML={{ __html: shown.svg }}
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
