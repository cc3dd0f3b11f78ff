import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import {
  cornerCentres,
  cornerFrames,
  designRules,
  findChoice,
  frames,
  FRAME_TEXT_MAX,
} from '../../../domain/qr/design';
import { Field } from '../../../lib/ui/field';
import { PageLoading } from '../../../lib/ui/page-loading';
import { Collapsible } from './collapsible';
import { ChoiceGroup } from '../../../lib/ui/choice-group';
import { BrandColors, ColorField, ColorPair, Toggle } from './design-controls';
import { CornerPicture, FramePicture } from './design-pictures';
import { DesignPreview } from './design-preview';
import { LogoField } from './logo-field';
import { PatternOptions, type ChangeDesign, type SetDesign } from './pattern-options';
import { WizardFrame } from './wizard-frame';
import { useWizard, type Wizard } from '../draft/wizard-store';

type SectionTitle = 'Frame' | 'Pattern' | 'Background' | 'Corners' | 'Add Logo';

export default function DesignPage() {
  const wizard = useWizard();
  if (!wizard.ready) return <PageLoading />;
  if (wizard.draft.type === null) return <Navigate to={paths.qrType} replace />;
  return <DesignForm wizard={wizard} />;
}

function DesignForm({ wizard }: { wizard: Wizard }) {
  const navigate = useNavigate();
  const { design } = wizard.draft;
  const [open, setOpen] = useState<SectionTitle | null>('Frame');
  const { update } = wizard;

  useEffect(() => {
    update((draft) => (draft.step === 'design' ? draft : { ...draft, step: 'design' }));
  }, [update]);

  const change: ChangeDesign = (recipe) =>
    update((draft) => ({ ...draft, design: recipe(draft.design) }));
  const set: SetDesign = (key) => (value) => change((current) => ({ ...current, [key]: value }));
  const section = (title: SectionTitle) => ({
    title,
    open: open === title,
    onToggle: () => setOpen((current) => (current === title ? null : title)),
  });
  const frame = findChoice(frames, design.frame) ?? frames[0];

  return (
    <WizardFrame step="design" heading="Design the QR Code" wizard={wizard}>
      <div className="design-layout">
        <div className="design-options">
          <Collapsible {...section('Frame')}>
            <ChoiceGroup
              legend="Frame style"
              name="frame"
              choices={frames}
              value={design.frame}
              onChange={set('frame')}
              picture={(choice) => <FramePicture frame={choice} />}
              compact
            />
            {frame.labelPosition !== 'none' ? (
              <Field
                label="Frame text"
                name="frameText"
                value={design.frameText}
                maxLength={FRAME_TEXT_MAX}
                hint={`A short call to action, at most ${FRAME_TEXT_MAX} characters.`}
                onChange={(event) => set('frameText')(event.target.value)}
              />
            ) : null}
          </Collapsible>

          <Collapsible {...section('Pattern')}>
            <PatternOptions design={design} set={set} change={change} />
          </Collapsible>

          <Collapsible {...section('Background')}>
            <Toggle
              label="Transparent background"
              checked={design.transparentBackground}
              onChange={(on) => change(designRules.setTransparentBackground(on))}
            />
            <Toggle
              label="Gradient background"
              checked={design.backgroundGradient}
              onChange={(on) => change(designRules.setBackgroundGradient(on))}
            />
            {design.transparentBackground ? null : (
              <ColorPair
                name="Background"
                first={design.backgroundColor1}
                second={design.backgroundGradient ? design.backgroundColor2 : null}
                onFirst={set('backgroundColor1')}
                onSecond={set('backgroundColor2')}
                onSwap={() => change(designRules.swapBackgroundColors())}
              />
            )}
            <p className="field__hint">
              Use high-contrast colours (a dark pattern on a light background reads best) so that
              every phone can read the code.
            </p>
          </Collapsible>

          <Collapsible {...section('Corners')}>
            <ChoiceGroup
              legend="Corner frame style"
              name="cornerFrame"
              choices={cornerFrames}
              value={design.cornerFrame}
              onChange={set('cornerFrame')}
              picture={(choice) => <CornerPicture frame={choice.id} />}
            />
            <ColorField
              label="Corner frame colour"
              value={design.cornerFrameColor}
              onChange={set('cornerFrameColor')}
            />
            <ChoiceGroup
              legend="Corner centre style"
              name="cornerCentre"
              choices={cornerCentres}
              value={design.cornerCentre}
              onChange={set('cornerCentre')}
              picture={(choice) => <CornerPicture centre={choice.id} />}
            />
            <ColorField
              label="Corner centre colour"
              value={design.cornerCentreColor}
              onChange={set('cornerCentreColor')}
            />
          </Collapsible>

          <Collapsible {...section('Add Logo')}>
            <LogoField logo={design.logo} onChange={set('logo')} />
          </Collapsible>
        </div>
        <DesignPreview
          draft={wizard.draft}
          onFix={(patch) => change((current) => ({ ...current, ...patch }))}
        />
      </div>
      <BrandColors />
      <div className="wizard-actions">
        <Link className="button button--ghost" to={paths.qrContent}>
          Back
        </Link>
        <button
          type="button"
          className="button"
          onClick={() => {
            update((draft) => ({ ...draft, step: 'demo' }));
            navigate(paths.qrDemo);
            window.scrollTo({ top: 0 });
          }}
        >
          Next
        </button>
      </div>
    </WizardFrame>
  );
}
