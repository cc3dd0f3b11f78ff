import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';

interface CallToActionProps {
  title: string;
  text?: string;
}

/** A closing band with the "Let's Build!" button to the contact page. */
export function CallToAction({ title, text }: CallToActionProps) {
  return (
    <section className="cta panel" aria-label="Get started">
      <div>
        <p className="cta__title">{title}</p>
        {text ? <p className="cta__text">{text}</p> : null}
      </div>
      <LetsBuildLink />
    </section>
  );
}

export function LetsBuildLink() {
  return (
    <Link to={paths.contact} className="button">
      Let&apos;s Build!
    </Link>
  );
}
