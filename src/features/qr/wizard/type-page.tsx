import { Link, useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { findQrType, qrTypes, type QrTypeId } from '../../../domain/qr/qr-types';
import { hasProgress, wizardSteps } from '../../../domain/qr/draft';
import { PageLoading } from '../../../lib/ui/page-loading';
import { typeIcons } from './type-icons';
import { WizardFrame } from './wizard-frame';
import { stepPaths } from './wizard-paths';
import { useWizard } from '../draft/wizard-store';

export default function TypePage() {
  const wizard = useWizard();
  const navigate = useNavigate();
  if (!wizard.ready) return <PageLoading />;
  const { draft } = wizard;

  const choose = (type: QrTypeId) => {
    wizard.update((current) => ({ ...current, type, step: 'content' }));
    navigate(paths.qrContent, { state: { type } });
    window.scrollTo({ top: 0 });
  };

  const resumable = hasProgress(draft) ? findQrType(draft.type) : undefined;
  const stepLabel = wizardSteps.find((entry) => entry.id === draft.step)?.label;

  return (
    <WizardFrame step="type" heading="Choose the type of your QR code" wizard={wizard}>
      {resumable ? (
        <div className="panel wizard-resume">
          <p>
            You have a draft: a {resumable.label} code
            {draft.content.text.qrName ? ` named “${draft.content.text.qrName}”` : ''}, at the{' '}
            {stepLabel} step.
          </p>
          <Link className="button" to={stepPaths[draft.step]} state={{ type: draft.type }}>
            Continue your draft
          </Link>
        </div>
      ) : null}
      <ul className="type-grid" aria-label="QR code types">
        {qrTypes.map((type) => {
          const Icon = typeIcons[type.icon];
          return (
            <li key={type.id}>
              <button type="button" className="type-tile" onClick={() => choose(type.id)}>
                <Icon aria-hidden="true" className="type-tile__icon" />
                <span className="type-tile__label">{type.label}</span>
                <span className="type-tile__description">{type.description}</span>
                {draft.type === type.id ? (
                  <span className="type-tile__badge">Your draft</span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
    </WizardFrame>
  );
}
