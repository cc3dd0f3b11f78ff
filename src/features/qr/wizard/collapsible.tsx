import { useId, type ReactNode } from 'react';

/** A titled section that opens and closes on click (a real button with aria-expanded). */
export function Collapsible({
  title,
  level = 2,
  open,
  onToggle,
  children,
}: {
  title: string;
  level?: 2 | 3;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  const bodyId = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className="wizard-section">
      <Heading className="wizard-section__title">
        <button type="button" aria-expanded={open} aria-controls={bodyId} onClick={onToggle}>
          {title}
          <span aria-hidden="true" className="wizard-section__sign">
            {open ? '−' : '+'}
          </span>
        </button>
      </Heading>
      <div id={bodyId} className="wizard-section__body" hidden={!open}>
        {children}
      </div>
    </section>
  );
}
