// The choice on the demo page between a static code (it holds its target itself) and a dynamic
// one (it holds a short link of the site whose target can change after printing, and whose scans
// are counted). Offered for the types whose code is a web address; off by default. A saved
// dynamic code being edited stays dynamic: printed copies already use its link.
import { useId } from 'react';
import { canBeDynamic, newDynamicId } from '../../../domain/qr/dynamic';
import type { Wizard } from '../wizard/wizard-store';

export function DynamicChoice({ wizard, target }: { wizard: Wizard; target: string }) {
  const id = useId();
  const { draft, update } = wizard;
  if (!canBeDynamic(draft.type)) return null;
  const locked = draft.editing?.shortLink != null;
  const dynamic = draft.shortLink !== null;
  return (
    <div className="qr-demo__dynamic">
      <div className="qr-demo__dynamic-choice">
        <input
          id={id}
          type="checkbox"
          checked={dynamic}
          disabled={locked}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            const on = event.target.checked;
            update((current) => ({
              ...current,
              shortLink: on ? (current.editing?.shortLink ?? newDynamicId()) : null,
            }));
          }}
        />
        <label htmlFor={id}>Dynamic code: change where it leads after printing</label>
      </div>
      <p id={`${id}-hint`} className="qr-demo__dynamic-hint">
        {locked
          ? 'This saved code is dynamic: printed copies use its short link, so it stays dynamic. Saving your changes points the link at the new target.'
          : dynamic
            ? `The code holds a short link of this site that leads to ${target}. Save it to My QR Codes to make the link work; there you can change its target and see its scans.`
            : 'The code holds your address itself. A dynamic code holds a short link instead: you can change its target later, and its scans are counted.'}
      </p>
    </div>
  );
}
