import { CallToAction } from './call-to-action';
import { pcServices } from './custom-pc-content';
import { Gallery } from './gallery/gallery';
import { galleryImages } from './gallery/gallery-images';
import { TileGrid } from './tile-grid';
import './marketing.css';

export default function CustomPcPage() {
  return (
    <div className="page">
      <header className="page-intro">
        <p className="eyebrow">Built by hand in Kempton Park</p>
        <h1>Custom PC Builds</h1>
        <p className="lead">
          Gaming, creative and office machines specified around what you run and what you want to
          spend, assembled and tested on our bench.
        </p>
      </header>

      <section className="section" aria-labelledby="pc-services-title">
        <h2 id="pc-services-title">Our PC services</h2>
        <TileGrid tiles={pcServices} />
      </section>

      <CallToAction
        title="Want a machine like one of these?"
        text="Send us your budget and what you will use it for, and we will quote a build."
      />

      <section className="section" aria-labelledby="gallery-title">
        <h2 id="gallery-title">Previous builds</h2>
        <p className="section__text">
          Like one of these? Quote its build number in the contact form and we will price a similar
          machine for you.
        </p>
        <Gallery images={galleryImages} />
      </section>
    </div>
  );
}
