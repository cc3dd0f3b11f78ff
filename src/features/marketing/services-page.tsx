import { CallToAction } from './call-to-action';
import { PageIntro, Section } from './page-parts';
import { softwareServices } from './services-content';
import { TileGrid } from './tile-grid';
import './marketing.css';

export default function ServicesPage() {
  return (
    <div className="page">
      <PageIntro eyebrow="What we build" title="Software Solutions">
        From a fast company website to a mobile app with its own back office, we design, build, host
        and look after software that fits your business.
      </PageIntro>

      <Section title="Our services">
        <TileGrid tiles={softwareServices} />
      </Section>

      <CallToAction title="Ready to Build Something Great? Get a free consultation today!" />
    </div>
  );
}
