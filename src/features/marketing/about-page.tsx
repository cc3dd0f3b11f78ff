import { coreValues, teamStatements } from './about-content';
import { CallToAction } from './call-to-action';
import { PageIntro, Section } from './page-parts';
import { TileGrid } from './tile-grid';
import './marketing.css';

export default function AboutPage() {
  return (
    <div className="page">
      <PageIntro eyebrow="Who we are" title="About Us">
        A Kempton Park team that writes software and builds computers, and cares about both the code
        and the people who use it.
      </PageIntro>

      <Section title="Our core values">
        <TileGrid tiles={coreValues} />
      </Section>

      <Section title="Our team" panel>
        <ul className="statements">
          {teamStatements.map((statement) => (
            <li key={statement}>{statement}</li>
          ))}
        </ul>
      </Section>

      <CallToAction
        title="Have a project in mind?"
        text="Tell us about it and we will reply within one working day."
      />
    </div>
  );
}
