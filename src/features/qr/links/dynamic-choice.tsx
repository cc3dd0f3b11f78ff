// The choice on the demo page between a static code (it holds its target itself) and a dynamic
// one (it holds a short link of the site whose target can change after printing, and whose scans
// are counted). Offered for the types whose code is a web address; off by default; open to
// accounts whose email address is verified (the short links are the company's domain). A saved
// dynamic code being edited stays dynamic: printed copies already use its link.
import { useId } from 'react';
import { canBeDynamic, linkDestination, mustBeDynamic } from '../../../domain/qr/dynamic';
import { findQrType } from '../../../domain/qr/qr-types';
import { useAuth } from '../../../lib/auth/session';
import { FormAlert } from '../../../lib/ui/field';
import type { Wizard } from '../draft/wizard-store';
import { VerifyEmail } from './verify-email';

export function DynamicChoice({ wizard, target }: { wizard: Wizard; target: string | null }) {
  const id = useId();
  const { user } = useAuth();
  const { draft, update } = wizard;
  if (mustBeDynamic(draft.type)) {
    // A hosted file has no content the picture could hold: only its short link leads to it.
    return (
      <div className="qr-demo__dynamic">
        <p className="qr-demo__dynamic-hint">
          A {findQrType(draft.type)?.label} code is always dynamic: it holds a short link of this
          site that shows your file, which we host. You can change the file after printing, and its
          scans are counted.
        </p>
        <VerifyEmail why="Dynamic codes need a verified email address, so that our short links are never anonymous." />
      </div>
    );
  }
  if (!canBeDynamic(draft.type)) {
    const reason = findQrType(draft.type)?.staticOnly;
    return reason ? <p className="qr-demo__dynamic-hint qr-demo__dynamic">{reason}</p> : null;
  }
  // Once its link exists, printed copies may use it: it stays dynamic. A code whose link was
  // refused can still be made static.
  const locked = draft.editing?.linkId != null;
  const verified = user?.emailVerified === true;
  const dynamic = draft.dynamic;
  // The server would refuse a target the link rule does not allow: say so before saving.
  const check = dynamic
    ? linkDestination(draft.type!, draft.content, window.location.origin)
    : null;
  const hint = locked
    ? 'This saved code is dynamic: printed copies use its short link, so it stays dynamic. Saving your changes points the link at the new target.'
    : dynamic
      ? `The code will hold a short link of this site, made when you save it, that ${check?.ok && check.destination.kind === 'page' ? 'shows a page of this site with your content' : `leads to ${target}`}. Once its link works you can download it from My QR Codes, change what it shows and see its scans.`
      : 'The code holds your content itself. A dynamic code holds a short link instead: you can change what it leads to later, and its scans are counted.';
  return (
    <div className="qr-demo__dynamic">
      <div className="qr-demo__dynamic-choice">
        <input
          id={id}
          type="checkbox"
          checked={dynamic}
          // Unverified, it can still be turned off (a draft from before), not on.
          disabled={locked || (!verified && !dynamic)}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            const on = event.target.checked;
            update((current) => ({ ...current, dynamic: on }));
          }}
        />
        <label htmlFor={id}>Dynamic code: change where it leads after printing</label>
      </div>
      <p id={`${id}-hint`} className="qr-demo__dynamic-hint">
        {hint}
      </p>
      {check && !check.ok ? (
        <FormAlert>A short link cannot lead there. {check.message}</FormAlert>
      ) : null}
      <VerifyEmail why="Dynamic codes need a verified email address, so that our short links are never anonymous." />
    </div>
  );
}
