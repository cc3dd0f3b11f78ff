import { Link } from 'react-router-dom';
import { company } from '../../config/company';
import { footerBlocks } from './site-links';

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="site-footer__blocks">
        {footerBlocks.map((block) => (
          <section
            key={block.title}
            className="site-footer__block"
            aria-labelledby={`footer-${block.title}`}
          >
            <h2 id={`footer-${block.title}`}>{block.title}</h2>
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
