import { CallToAction } from './call-to-action';
import { pcServices } from './custom-pc-content';
import { Gallery } from './gallery/gallery';
import { galleryImages } from '../../config/gallery';
import { PageIntro, Section } from './page-parts';
import { TileGrid } from './tile-grid';
import './marketing.css';

export default function CustomPcPage() {
  return (
    <div className="page">
      <PageIntro eyebrow="Built by hand in Kempton Park" title="Custom PC Builds">
        Gaming, creative and office machines specified around what you run and what you want to
        spend, assembled and tested on our bench.
      </PageIntro>

      <Section title="Our PC services">
        <TileGrid tiles={pcServices} />
      </Section>

      <CallToAction
        title="Want a machine like one of these?"
        text="Send us your budget and what you will use it for, and we will quote a build."
      />

      <Section title="Previous builds">
        <p className="section__text">
          Like one of these? Quote its build number in the contact form and we will price a similar
          machine for you.
        </p>
        <Gallery images={galleryImages} />
      </Section>
    </div>
  );
}
