import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { LetsBuildLink } from './call-to-action';
import { formatRand, plans } from '../../domain/pricing';
import { missionTiles, qrService, vision } from './home-content';
import { Section } from './page-parts';
import { TileGrid } from './tile-grid';
import './marketing.css';

export default function HomePage() {
  return (
    <div className="page">
      <section className="hero" aria-labelledby="hero-title">
        <p className="eyebrow">Software · Web · Mobile · Custom PCs</p>
        <h1 id="hero-title">Empowering Innovation</h1>
        <p className="lead">
          Custom software, web and mobile apps, and hand-built PCs for South African businesses and
          creators, from our workshop in Kempton Park.
        </p>
        <div className="hero__actions">
          <LetsBuildLink />
          <Link to={paths.services} className="button button--ghost">
            Explore our services
          </Link>
        </div>
      </section>

      <Section title="Our vision" panel>
        <p className="section__text">{vision}</p>
      </Section>

      <Section title="Our mission">
        <TileGrid tiles={missionTiles} />
      </Section>

      <Section title={qrService.title} panel>
        <p className="section__text">{qrService.text}</p>
        <ul className="qr-offer__points">
          {qrService.points.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
        <ul className="qr-offer__plans" aria-label="Plans">
          {plans.map((plan) => (
            <li key={plan.id} className="qr-offer__plan">
              <span className="qr-offer__plan-name">{plan.name}</span>{' '}
              <span className="qr-offer__price">{formatRand(plan.pricePerMonth)}</span> a month
            </li>
          ))}
        </ul>
        <div className="hero__actions">
          <Link to={paths.register} className="button">
            Create your account
          </Link>
          <Link to={paths.login} className="button button--ghost">
            Sign in to your codes
          </Link>
        </div>
      </Section>
    </div>
  );
}
