import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { hasErrors, type FieldErrors } from '../../../domain/form';
import {
  KEEP_PASSWORD_HINT,
  checkContent,
  commonSections,
  type ContentSection,
  type QrContent,
} from '../../../domain/qr/content';
import { findQrType, type QrType } from '../../../domain/qr/qr-types';
import { PageLoading } from '../../../lib/ui/page-loading';
import { focusFirst } from '../../../lib/ui/use-form';
import { Collapsible } from './collapsible';
import { ContentItemField } from './content-item-field';
import { WizardFrame } from './wizard-frame';
import { useWizard, type Wizard } from '../draft/wizard-store';

export default function ContentPage() {
  const wizard = useWizard();
  const location = useLocation();
  if (!wizard.ready) return <PageLoading />;
  // A type passed in navigation state wins (the type screen passes it); an unknown one has no form.
  const passed = (location.state as { type?: unknown } | null)?.type;
  const type = findQrType(passed ?? wizard.draft.type);
  if (passed !== undefined && !type) {
    return (
      <WizardFrame step="content" heading="Add content to your QR code" wizard={wizard}>
        <p className="panel">
          No content found. <Link to={paths.qrType}>Choose a QR code type</Link> to start.
        </p>
      </WizardFrame>
    );
  }
  if (!type) return <Navigate to={paths.qrType} replace />;
  return <ContentForm key={type.id} type={type} wizard={wizard} />;
}

function ContentForm({ type, wizard }: { type: QrType; wizard: Wizard }) {
  const navigate = useNavigate();
  const { content } = wizard.draft;
  const sections = [...type.sections, ...commonSections];
  const [open, setOpen] = useState<readonly string[]>(sections.map((entry) => entry.title));
  const [errors, setErrors] = useState<FieldErrors>({});

  const { update } = wizard;
  useEffect(() => {
    // Arriving here (with a type passed in, or on a reload) makes this the draft's step.
    update((draft) =>
      draft.type === type.id && draft.step === 'content'
        ? draft
        : { ...draft, type: type.id, step: 'content' },
    );
  }, [type.id, update]);

  const setContent = (recipe: (current: QrContent) => QrContent) =>
    wizard.update((draft) => ({ ...draft, content: recipe(draft.content) }));
  const setError = (name: string, message: string | undefined) =>
    setErrors((current) => ({ ...current, [name]: message }));

  const next = () => {
    const result = checkContent(type, content, wizard.draft.editing?.hosted);
    setErrors(result.errors);
    if (hasErrors(result.errors)) {
      const names = Object.keys(result.errors);
      // Open every section with a problem, then go to the first field to fix.
      flushSync(() =>
        setOpen((current) => [
          ...current,
          ...sections.filter((entry) => sectionHasError(entry, names)).map((entry) => entry.title),
        ]),
      );
      focusFirst(document.querySelector('.wizard-content'), names);
      return;
    }
    wizard.update((draft) => ({ ...draft, content: result.content, step: 'design' }));
    navigate(paths.qrDesign, { state: { type: type.id } });
    window.scrollTo({ top: 0 });
  };

  return (
    <WizardFrame step="content" heading="Add content to your QR code" wizard={wizard}>
      <form
        className="wizard-content"
        aria-labelledby="content-type-heading"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          next();
        }}
      >
        <h2 id="content-type-heading" className="wizard-type-heading">
          {type.label}
        </h2>
        {sections.map((entry) => (
          <Collapsible
            key={entry.title}
            title={entry.title}
            level={3}
            open={open.includes(entry.title)}
            onToggle={() =>
              setOpen((current) =>
                current.includes(entry.title)
                  ? current.filter((title) => title !== entry.title)
                  : [...current, entry.title],
              )
            }
          >
            {entry.items.map((item) => (
              <ContentItemField
                key={item.id}
                item={item}
                hints={
                  wizard.draft.editing?.passwordProtected
                    ? { password: KEEP_PASSWORD_HINT }
                    : undefined
                }
                kept={wizard.draft.editing?.hosted}
                content={content}
                errors={errors}
                setContent={setContent}
                setError={setError}
              />
            ))}
          </Collapsible>
        ))}
        {hasErrors(errors) ? (
          <p className="form-alert form-alert--error" role="alert">
            Some fields need your attention: see the messages beside them.
          </p>
        ) : null}
        <div className="wizard-actions">
          <Link className="button button--ghost" to={paths.qrType}>
            Back
          </Link>
          <button type="submit" className="button">
            Next
          </button>
        </div>
      </form>
    </WizardFrame>
  );
}

function sectionHasError(section: ContentSection, names: readonly string[]) {
  return section.items.some((item) =>
    names.some((name) => name === item.id || name.startsWith(`${item.id}.`)),
  );
}
