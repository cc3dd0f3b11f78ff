import { Link } from 'react-router-dom';
import { company } from '../../config/company';
import { paths } from '../../config/paths';
import { Section } from './page-parts';
import './marketing.css';

/**
 * What the short links of dynamic codes keep of a scan, in plain words (South Africa's POPIA asks
 * that people are told). It must say what the server does: functions/src/classify.ts (what a scan
 * is and its classes), geo.ts (the country), visitors.ts (distinct visitors by a daily salt),
 * scan-counter.ts, and src/domain/qr/scan-counts.ts (foldPlaces: the fewer than five).
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
        'The country the scan came from, looked up from the internet address in a database on our own server while the scan is answered (the data of the regional internet registries, CC BY 4.0, nro.net). Only the country is counted, never the address, and a country with fewer than five scans of a code in a day is shown only as one of “other places”.',
        'How many different visitors the code had each day. We count them by a code made from the internet address and the browser of each visitor, mixed with a random value (a salt) that is used for one day only and then deleted, so that the code cannot be traced back to an address or matched with the same visitor on another day.',
      ],
    },
    {
      title: 'What we do not keep',
      items: [
        'No IP address and no browser identifier is stored, and no cookie is set. Nothing finer than the country is derived from the address: no province, city or network.',
        'The visitor codes themselves are deleted after two days; only the daily totals stay.',
        'Link-preview services and other automated visitors (a chat app showing a preview of the link, a search engine) are counted apart and not as scans.',
      ],
    },
  ],
  owners:
    "The code's owner sees these figures as totals in their account. Nobody, neither the owner nor we, can see who scanned.",
} as const;

/**
 * What an account keeps, and the two rights the account page gives over it (POPIA: access and
 * deletion). It must say what the code keeps and deletes: src/domain/account-export.ts (the
 * download), functions/src/account-delete.ts and src/domain/account-deletion.ts (the deletion,
 * with teams).
 */
const accountData = {
  title: 'What we keep about your account',
  intro:
    'When you make an account to save QR codes, we keep what the service needs to work, and ' +
    'nothing for advertising.',
  kept: [
    'Your email address, the name you give us, and how you sign in (with a password or with Google). Your password is held by Google’s Firebase Authentication, never by us in a form anyone can read.',
    'Your saved codes: what each holds (a web address, contact details, a Wi-Fi network…), its design and logo, and when you made and last changed it.',
    'The files you upload for PDF, image, video, audio and menu codes, so that your codes can show them.',
    'The short links of your dynamic codes and where they lead, with their scan figures per day as described above: counts only, nothing about who scanned.',
    'Your account’s use of its limits (its short links, changes of the day, the space your files take), and your free trial or plan.',
    'Orders and invoices when you buy a plan: the plan, the amount, the payment reference, the dates, and the name and email address the invoice is made out to.',
    'How many codes you have emailed from the site in the last hour, to stop misuse; not the emails themselves.',
    'If you ask us for a custom PC: what it is for, your budget and what it must have, our quote, its steps with our notes and photos, your questions and our answers, and its order and invoice.',
    'If you work in a team: the teams you belong to, your role in each and the address you joined with, which the team sees; who made and last changed each code; and, in the team’s history of its printed codes, each change you make with your address then.',
  ],
  rights: {
    title: 'Your copy, and deleting your account',
    items: [
      'Download my data: a copy of your codes with their short links and figures, your account’s details, your orders and custom PC builds, the teams you belong to, and your own team’s members, pending invites and history, as a JSON file (all of it) and a CSV file (a row per code, for a spreadsheet).',
      'Delete my account: your account and everything above goes, for good. Printed dynamic codes then show “no longer active”, and their short links are never given to anyone else. Paid invoices are kept for five years, as South African tax law requires, with only what an invoice shows (number, date, plan, amount and the name it is made out to); so is a custom PC build that was paid for (its quote and steps), without your name, address or questions.',
      'With a team: your memberships end, and the teams keep their codes, the ones you made included, and their history. If other people work in your own workspace, it stays with its other owners (its codes are the business’s): only your sign-in and your address go; until one of them is an owner, your account cannot be deleted.',
    ],
  },
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
      <Section title={accountData.title} panel>
        <p>{accountData.intro}</p>
        <ul>
          {accountData.kept.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <h3>{accountData.rights.title}</h3>
        <p>Both are on your account page, under “Your data”:</p>
        <ul>
          {accountData.rights.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p>
          <Link to={paths.account}>Go to My Account</Link> (sign in first), or ask us through the{' '}
          <Link to={paths.contact}>contact form</Link>.
        </p>
      </Section>
    </div>
  );
}
