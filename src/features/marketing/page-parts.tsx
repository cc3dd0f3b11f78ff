import { useId, type ReactNode } from 'react';

interface PageIntroProps {
  eyebrow: string;
  title: string;
  children: ReactNode;
}

/** The top of a marketing page: a small label, the page's one h1 and a lead paragraph. */
export function PageIntro({ eyebrow, title, children }: PageIntroProps) {
  return (
    <header className="page-intro">
      <p className="eyebrow">{eyebrow}</p>
      <h1>{title}</h1>
      <p className="lead">{children}</p>
    </header>
  );
}

interface SectionProps {
  title: string;
  /** Sits on a panel instead of straight on the background. */
  panel?: boolean;
  children: ReactNode;
}

/** A titled region of a page; its heading names it for assistive technology. */
export function Section({ title, panel = false, children }: SectionProps) {
  const titleId = useId();
  return (
    <section className={panel ? 'section panel' : 'section'} aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {children}
    </section>
  );
}
