import { CallToAction } from './call-to-action';
import { softwareServices } from './services-content';
import { TileGrid } from './tile-grid';
import './marketing.css';

export default function ServicesPage() {
  return (
    <div className="page">
      <header className="page-intro">
        <p className="eyebrow">What we build</p>
        <h1>Software Solutions</h1>
        <p className="lead">
          From a fast company website to a mobile app with its own back office, we design, build,
          host and look after software that fits your business.
        </p>
      </header>

      <section className="section" aria-labelledby="services-title">
        <h2 id="services-title">Our services</h2>
        <TileGrid tiles={softwareServices} />
      </section>

      <CallToAction title="Ready to Build Something Great? Get a free consultation today!" />
    </div>
  );
}
