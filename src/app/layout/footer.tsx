import { Link } from 'react-router-dom';
import { company } from '../../config/company';
import { useSignedInHint } from '../../lib/auth/session';
import { footerBlocks } from './site-links';

/** An id of one word: aria-labelledby reads a space as two ids. */
const headingId = (title: string) => `footer-${title.toLowerCase().replace(/\s+/g, '-')}`;

export function Footer() {
  const blocks = footerBlocks(useSignedInHint());
  return (
    <footer className="site-footer">
      <div className="site-footer__blocks">
        {blocks.map((block) => (
          <section
            key={block.title}
            className="site-footer__block"
            aria-labelledby={headingId(block.title)}
          >
            <h2 id={headingId(block.title)}>{block.title}</h2>
            {block.links || block.mail ? (
              <ul>
                {block.links?.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to}>{link.label}</Link>
                  </li>
                ))}
                {block.mail ? (
                  <li>
                    <a href={`mailto:${block.mail.address}`}>{block.mail.label}</a>
                  </li>
                ) : null}
              </ul>
            ) : null}
            {block.text ? <p>{block.text}</p> : null}
          </section>
        ))}
      </div>
      <p className="site-footer__copyright">
        All rights reserved. {company.name} © {new Date().getFullYear()}
      </p>
    </footer>
  );
}
