import { Link } from 'react-router-dom';
import { formatBytes } from '../../../domain/qr/files';
import { useOnline } from '../../../lib/use-online';
import { uploadRemedies } from './upload-remedies';
import type { UploadState } from './upload-state';
import './uploads.css';

/** formatBytes says at least "1 KB": nothing sent yet is "0 KB". */
const amount = (bytes: number) => (bytes > 0 ? formatBytes(bytes) : '0 KB');

/** Rounded down, so "100%" is never shown before the server has the whole file. */
const percent = (part: number, whole: number) =>
  whole > 0 ? Math.min(100, Math.floor((part / whole) * 100)) : 100;

/** A short phrase for screen readers, changed only when the upload's status does. */
function announcement(state: UploadState): string {
  switch (state.status) {
    case 'hashing':
      return `Preparing ${state.name}.`;
    case 'uploading':
      return `Uploading ${state.name}.`;
    case 'waiting':
      return `The upload of ${state.name} is paused.`;
    case 'done':
      return `${state.name} is uploaded.`;
    case 'canceled':
      return `The upload of ${state.name} is canceled.`;
    case 'failed':
      // Said by the alert.
      return '';
  }
}

function waitingText(state: Extract<UploadState, { status: 'waiting' }>, online: boolean) {
  if (!online) {
    return state.sent > 0
      ? `Waiting for the connection: the upload goes on from ${amount(state.sent)} when you are back online.`
      : 'Waiting for the connection: the upload starts when you are back online.';
  }
  return `Paused at ${amount(state.sent)} of ${amount(state.total)}. ${state.message}`;
}

/**
 * Where an upload stands, with a real progress bar and what the person can do: cancel it while
 * it runs, try again after a failure. Renders nothing without a state.
 */
export function UploadProgress({
  state,
  onCancel,
  onRetry,
}: {
  state: UploadState | undefined;
  onCancel?: () => void;
  onRetry?: () => void;
}) {
  const online = useOnline();
  if (!state) return null;
  const { status, name } = state;
  const running = status === 'hashing' || status === 'uploading' || status === 'waiting';

  let bar: { label: string; value: number } | null = null;
  let text: string;
  switch (status) {
    case 'hashing':
      bar = { label: `Preparing ${name}`, value: state.hashed };
      text = `Getting the file ready to upload… ${percent(state.hashed, state.total)}%`;
      break;
    case 'uploading':
      bar = { label: `Uploading ${name}`, value: state.sent };
      text = `Uploading… ${amount(state.sent)} of ${amount(state.total)} (${percent(state.sent, state.total)}%)`;
      break;
    case 'waiting':
      bar = { label: `Uploading ${name} (paused)`, value: state.sent };
      text = waitingText(state, online);
      break;
    case 'done':
      text = 'Uploaded.';
      break;
    case 'canceled':
      text = 'Upload canceled.';
      break;
    case 'failed':
      text = state.message;
      break;
  }

  // A refusal that another page of the site resolves (a plan on Billing) leads there first.
  const remedy =
    status === 'failed' && state.problem !== 'unreadable' ? uploadRemedies[state.problem] : null;
  const page = remedy?.kind === 'page' ? remedy : null;
  const ask = remedy?.kind === 'ask' ? remedy.text : null;

  // What the person can do now. The labels name the file: a form may show several uploads.
  const actions = [
    {
      when: status === 'waiting' && online,
      text: 'Try now',
      label: `Try now to upload ${name}`,
      run: onRetry,
      ghost: true,
    },
    {
      when: running,
      text: 'Cancel upload',
      label: `Cancel upload of ${name}`,
      run: onCancel,
      ghost: true,
    },
    {
      when: status === 'failed',
      text: 'Try again',
      label: `Try again to upload ${name}`,
      run: onRetry,
      ghost: page !== null,
    },
    {
      when: status === 'canceled',
      text: 'Upload again',
      label: `Upload again (${name})`,
      run: onRetry,
      ghost: false,
    },
  ].filter((action) => action.when && action.run);

  return (
    <div className={`upload-progress upload-progress--${status}`}>
      <p role="status" className="visually-hidden">
        {announcement(state)}
      </p>
      {bar ? <progress value={bar.value} max={state.total} aria-label={bar.label} /> : null}
      {status === 'failed' ? (
        <>
          <p role="alert" className="upload-progress__error">
            {text}
          </p>
          {ask ? <p className="upload-progress__text">{ask}</p> : null}
        </>
      ) : (
        <p className="upload-progress__text">{text}</p>
      )}
      {actions.length > 0 || page ? (
        <div className="upload-progress__actions">
          {page ? (
            <Link to={page.to} className="button">
              {page.text}
            </Link>
          ) : null}
          {actions.map((action) => (
            <button
              key={action.text}
              type="button"
              className={action.ghost ? 'button button--ghost' : 'button'}
              aria-label={action.label}
              onClick={action.run}
            >
              {action.text}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
