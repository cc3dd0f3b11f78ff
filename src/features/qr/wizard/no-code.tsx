import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import type { CodeState } from '../render/use-code';

/** Where to go when there is no code, by why there is none. */
const nextSteps = {
  none: {
    why: 'The content is not complete yet.',
    to: paths.qrContent,
    link: 'Finish the content',
  },
  'too-long': {
    why: 'The content is too long for one code.',
    to: paths.qrContent,
    link: 'Edit the content',
  },
  failed: {
    why: 'The code could not be drawn with this design.',
    to: paths.qrDesign,
    link: 'Back to the design',
  },
} as const;

/** Why there is nothing to download yet, and where to go about it. */
export function NoCode({ state }: { state: Exclude<CodeState, { status: 'ready' }> }) {
  // The picture says it is drawing; the download appears with it.
  if (state.status === 'drawing') return null;
  const next = nextSteps[state.status];
  return (
    <div className="qr-demo__no-code">
      <p className="qr-demo__no-code-title">There is no code to download or email yet.</p>
      <p>{next.why}</p>
      <Link className="button" to={next.to}>
        {next.link}
      </Link>
    </div>
  );
}
