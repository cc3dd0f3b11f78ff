import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { wizardSteps, type WizardStep } from '../../../domain/qr/draft';
import { FormAlert } from '../../../lib/ui/field';
import type { Wizard } from '../draft/wizard-store';
import './wizard.css';

const storageMessages = {
  unavailable:
    'This browser does not let the site save your draft (private browsing or blocked site data). You can keep working, but the draft is lost if you close or reload this page.',
  full: 'Your device is out of storage space, so the latest changes to your draft are not saved. You can keep working; free some space to save them.',
} as const;

/**
 * What every wizard screen shows around its own content: the steps with the current one marked,
 * the heading, a note when the draft cannot be saved or another tab took it over, and Start over.
 */
export function WizardFrame({
  step,
  heading,
  wizard,
  children,
}: {
  step: WizardStep;
  heading: string;
  wizard: Wizard;
  children: ReactNode;
}) {
  const current = wizardSteps.findIndex((entry) => entry.id === step);
  return (
    <div className="page wizard">
      <nav aria-label="Steps" className="wizard-steps">
        <ol>
          {wizardSteps.map((entry, index) => (
            <li
              key={entry.id}
              aria-current={index === current ? 'step' : undefined}
              className={index < current ? 'is-done' : undefined}
            >
              <span className="wizard-steps__number" aria-hidden="true">
                {index + 1}
              </span>
              {entry.label}
              {index < current ? <span className="visually-hidden"> (done)</span> : null}
            </li>
          ))}
        </ol>
      </nav>
      <div className="wizard-heading">
        <h1>{heading}</h1>
        {wizard.storageProblem || wizard.takenOver || wizard.draft.type === null ? null : (
          // Not a live region: it changes with every keystroke.
          <p className="wizard-saved">{wizard.saved ? 'Draft saved' : 'Saving draft…'}</p>
        )}
      </div>
      {wizard.draft.editing ? (
        <p className="wizard-editing">
          Editing “{wizard.draft.editing.name}” from My QR Codes: its last step saves your changes
          to it.
        </p>
      ) : null}
      {wizard.storageProblem ? (
        <FormAlert tone="info">{storageMessages[wizard.storageProblem]}</FormAlert>
      ) : null}
      {wizard.takenOver ? (
        <div className="form-alert form-alert--info wizard-takeover" role="status">
          <p>
            This draft is now open in another tab, which saves it from now on. Changes made here are
            not saved.
          </p>
          <button type="button" className="button button--ghost" onClick={wizard.takeBack}>
            Continue in this tab
          </button>
        </div>
      ) : null}
      {children}
      {wizard.draft.type !== null ? <StartOver wizard={wizard} /> : null}
    </div>
  );
}

/** Discards the draft, after a confirmation that says what goes. */
function StartOver({ wizard }: { wizard: Wizard }) {
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) confirmRef.current?.focus();
  }, [asking]);

  if (!asking) {
    return (
      <p className="wizard-start-over">
        <button type="button" className="button button--ghost" onClick={() => setAsking(true)}>
          Start over
        </button>
      </p>
    );
  }
  return (
    <div role="alertdialog" aria-labelledby="start-over-title" className="panel wizard-confirm">
      <p id="start-over-title">
        Discard this draft? Everything you entered, uploaded and designed will be removed.
      </p>
      <div className="wizard-confirm__actions">
        <button
          ref={confirmRef}
          type="button"
          className="button"
          onClick={() => {
            wizard.startOver();
            navigate(paths.qrType);
          }}
        >
          Discard draft
        </button>
        <button type="button" className="button button--ghost" onClick={() => setAsking(false)}>
          Keep working
        </button>
      </div>
    </div>
  );
}
