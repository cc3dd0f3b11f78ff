import { CallToAction } from './call-to-action';
import { coreValues, teamStatements } from './about-content';
import { TileGrid } from './tile-grid';
import './marketing.css';

export default function AboutPage() {
  return (
    <div className="page">
      <header className="page-intro">
        <p className="eyebrow">Who we are</p>
        <h1>About Us</h1>
        <p className="lead">
          A Kempton Park team that writes software and builds computers, and cares about both the
          code and the people who use it.
        </p>
      </header>

      <section className="section" aria-labelledby="values-title">
        <h2 id="values-title">Our core values</h2>
        <TileGrid tiles={coreValues} />
      </section>

      <section className="section panel" aria-labelledby="team-title">
        <h2 id="team-title">Our team</h2>
        <ul className="statements">
          {teamStatements.map((statement) => (
            <li key={statement}>{statement}</li>
          ))}
        </ul>
      </section>

      <CallToAction
        title="Have a project in mind?"
        text="Tell us about it and we will reply within one working day."
      />
    </div>
  );
}
