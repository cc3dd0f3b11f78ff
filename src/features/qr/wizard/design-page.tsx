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
  gradientStyles,
  patterns,
  type QrDesign,
} from '../../../domain/qr/design';
import { fileKinds } from '../../../domain/qr/files';
import { Field } from '../../../lib/ui/field';
import { PageLoading } from '../../../lib/ui/page-loading';
import { logoThumbnail } from '../saved/logo-thumbnail';
import { Collapsible } from './collapsible';
import { ChoiceGroup } from '../../../lib/ui/choice-group';
import { BrandColors, ColorField, ColorPair, Toggle } from './design-controls';
import { CornerPicture, FramePicture, PatternPicture } from './design-pictures';
import { DesignPreview } from './design-preview';
import { FileField } from './file-field';
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
  const [stylesOpen, setStylesOpen] = useState(false);
  const [logoError, setLogoError] = useState<string | undefined>();
  const { update } = wizard;

  useEffect(() => {
    update((draft) => (draft.step === 'design' ? draft : { ...draft, step: 'design' }));
  }, [update]);

  const change = (recipe: (current: QrDesign) => QrDesign) =>
    update((draft) => ({ ...draft, design: recipe(draft.design) }));
  const set =
    <K extends keyof QrDesign>(key: K) =>
    (value: QrDesign[K]) =>
      change((current) => ({ ...current, [key]: value }));
  const section = (title: SectionTitle) => ({
    title,
    open: open === title,
    onToggle: () => setOpen((current) => (current === title ? null : title)),
  });
  // A file named .png that is not a picture (random bytes, a renamed document) is refused here,
  // with a message, rather than listed as the logo and then silently left out of the code.
  const chooseLogo = async (file: File | null) => {
    if (file) {
      try {
        await logoThumbnail(file);
      } catch (error) {
        setLogoError(
          `"${file.name}": ${error instanceof Error ? error.message : 'this picture could not be read.'}`,
        );
        return;
      }
    }
    set('logo')(file);
  };
  const frame = findChoice(frames, design.frame) ?? frames[0];
  const styleLabel = findChoice(gradientStyles, design.gradientStyle)?.label;

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
            <ChoiceGroup
              legend="Pattern style"
              name="pattern"
              choices={patterns}
              value={design.pattern}
              onChange={set('pattern')}
              picture={(choice) => <PatternPicture pattern={choice.id} />}
            />
            <ColorPair
              name="Pattern"
              first={design.patternColor1}
              second={design.patternGradient ? design.patternColor2 : null}
              onFirst={set('patternColor1')}
              onSecond={set('patternColor2')}
              onSwap={() => change(designRules.swapPatternColors())}
            />
            <Toggle
              label="Gradient pattern"
              checked={design.patternGradient}
              onChange={(on) => {
                change(designRules.setPatternGradient(on));
                if (!on) setStylesOpen(false);
              }}
            />
            {design.patternGradient ? (
              <div className="gradient-style">
                <button
                  type="button"
                  className="button button--ghost"
                  aria-expanded={stylesOpen}
                  aria-controls="gradient-styles"
                  onClick={() => setStylesOpen((shown) => !shown)}
                >
                  Gradient style: {styleLabel}
                </button>
                <div id="gradient-styles" hidden={!stylesOpen}>
                  <ChoiceGroup
                    legend="Gradient style"
                    name="gradientStyle"
                    choices={gradientStyles}
                    value={design.gradientStyle}
                    onChange={set('gradientStyle')}
                  />
                </div>
              </div>
            ) : null}
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
            <FileField
              name="logo"
              label="Logo (image, max 1MB)"
              kind={fileKinds.logo}
              file={design.logo}
              error={logoError}
              onError={setLogoError}
              onFile={(file) => void chooseLogo(file)}
            />
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
