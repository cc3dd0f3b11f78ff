// The company's desk, for its staff: orders waiting for payment, reported links, accounts and the
// audit log, each a section of one page (desk-sections.tsx), described once below and rendered by a
// loop. The page is a chunk of its own that no customer page imports; it shows itself only to a
// token with the staff claim, and the desk function checks every request again.
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { NOT_STAFF_MESSAGE } from '../../domain/desk-api';
import { useAuth } from '../../lib/auth/session';
import { PageLoading } from '../../lib/ui/page-loading';
import { BuildsSection } from './desk-builds';
import { AccountsSection, AuditSection, LinksSection, OrdersSection } from './desk-sections';
import { staffHere } from './desk-requests';
import './desk.css';

/** The desk's sections, in the order a working day takes them. */
const sections = [
  {
    id: 'desk-orders',
    title: 'Orders waiting for payment',
    intro:
      'Match the bank statement to an order by its reference, then mark it paid with the amount received: a plan starts, or a build moves on to Paid, and the invoice is emailed.',
    Section: OrdersSection,
  },
  {
    id: 'desk-links',
    title: 'Reported links',
    intro:
      'Reports visitors sent from a short link’s page, and any short link looked up: where it leads and how it is scanned. Switching it off shows its scans a warning page; its owner is emailed the reason. Close a report once it is dealt with.',
    Section: LinksSection,
  },
  {
    id: 'desk-accounts',
    title: 'Accounts',
    intro: 'Find an account by email or name: its plan, trial, codes and live links.',
    Section: AccountsSection,
  },
  {
    id: 'desk-builds',
    title: 'PC build requests',
    intro:
      'Custom PC builds customers asked for on their PC dashboard, newest first. Open one to quote it, move it on step by step once paid, or answer its customer’s question: they are emailed each time.',
    Section: BuildsSection,
  },
  {
    id: 'desk-audit',
    title: 'Audit log',
    intro: 'Every staff action, with who did it, when, and the reason given.',
    Section: AuditSection,
  },
] as const;

export default function DeskPage() {
  const { user } = useAuth();
  const [staff, setStaff] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    if (user)
      void staffHere().then(
        (is) => live && setStaff(is),
        () => live && setStaff(false),
      );
    return () => {
      live = false;
    };
  }, [user]);

  if (staff === null) return <PageLoading />;
  if (!staff) {
    return (
      <div className="page page--narrow desk">
        <h1>Desk</h1>
        <p className="panel">
          {NOT_STAFF_MESSAGE} <Link to={paths.qrDashboard}>Go to your dashboard</Link>.
        </p>
      </div>
    );
  }
  return (
    <div className="page desk">
      <h1>Desk</h1>
      <nav aria-label="Desk sections" className="desk__jump">
        <ul>
          {sections.map(({ id, title }) => (
            <li key={id}>
              <a href={`#${id}`}>{title}</a>
            </li>
          ))}
        </ul>
      </nav>
      {sections.map(({ id, title, intro, Section }) => (
        <section key={id} id={id} className="panel desk__section" aria-labelledby={`${id}-title`}>
          <h2 id={`${id}-title`}>{title}</h2>
          <p className="desk__intro">{intro}</p>
          <Section />
        </section>
      ))}
    </div>
  );
}
