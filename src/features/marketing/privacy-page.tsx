import { Link } from 'react-router-dom';
import { company } from '../../config/company';
import { paths } from '../../config/paths';
import { Section } from './page-parts';
import './marketing.css';

/**
 * What the short links of dynamic codes keep of a scan, in plain words (South Africa's POPIA asks
 * that people are told). It must say what the server does: functions/src/classify.ts (what a scan
 * is and its classes), visitors.ts (distinct visitors by a daily salt), scan-counter.ts.
 */
const scanFigures = {
  title: 'When someone scans a dynamic QR code',
  intro:
    'A dynamic QR code made with our generator holds a short link on this site. When someone ' +
    'scans it, or opens the link, our server sends them on to where the code leads and counts ' +
    "the scan for the code's owner. Under the Protection of Personal Information Act (POPIA) we " +
    'keep only what those figures need, and nothing that tells who scanned.',
  lists: [
    {
      title: 'What we record',
      items: [
        'The time of the scan, in South African time.',
        'The kind of device (phone, tablet or computer) and the family of its operating system (such as Android, iOS or Windows).',
        'Whether the printed code was scanned or the link itself was opened.',
        'How many different visitors the code had each day. We count them by a code made from the internet address and the browser of each visitor, mixed with a random value (a salt) that is used for one day only and then deleted, so that the code cannot be traced back to an address or matched with the same visitor on another day.',
      ],
    },
    {
      title: 'What we do not keep',
      items: [
        'No IP address and no browser identifier is stored, and no cookie is set.',
        'The visitor codes themselves are deleted after two days; only the daily totals stay.',
        'Link-preview services and other automated visitors (a chat app showing a preview of the link, a search engine) are counted apart and not as scans.',
      ],
    },
  ],
  owners:
    "The code's owner sees these figures as totals in their account. Nobody, neither the owner nor we, can see who scanned.",
} as const;

export default function PrivacyPage() {
  return (
    <div className="page page--narrow">
      <h1>Privacy Policy</h1>
      <div className="panel">
        <p>
          Our full privacy policy is being finalised and the details will be published here soon.
        </p>
        <p>
          Until then, if you have any question about how we handle your information,{' '}
          <Link to={paths.contact}>contact us</Link> or email{' '}
          <a href={`mailto:${company.email}`}>{company.email}</a>.
        </p>
      </div>
      <Section title={scanFigures.title} panel>
        <p>{scanFigures.intro}</p>
        {scanFigures.lists.map(({ title, items }) => (
          <div key={title}>
            <h3>{title}</h3>
            <ul>
              {items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        ))}
        <p>{scanFigures.owners}</p>
      </Section>
    </div>
  );
}
