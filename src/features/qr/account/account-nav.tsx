import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { accountNav, dashboardLink, type AccountLink } from './account-area';

/**
 * The side navigation of the account area. At 900px or less it folds behind an 'Account menu'
 * button (CSS decides, so it never flashes open), and following a link folds it again.
 */
export function AccountNav() {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const { key } = useLocation();
  const [lastKey, setLastKey] = useState(key);
  if (key !== lastKey) {
    setLastKey(key);
    setOpen(false);
  }

  return (
    <nav aria-label="Account" className="account-nav panel">
      <button
        type="button"
        className="account-nav__toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        Account menu
        <ChevronDown className="account-nav__chevron" aria-hidden="true" size={20} />
      </button>
      <div id={listId} className="account-nav__links" data-open={open}>
        <AccountNavLink link={dashboardLink} className="account-nav__home" />
        <ul>
          {accountNav.map((link) => (
            <li key={link.to}>
              <AccountNavLink link={link} />
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}

/** NavLink marks the current page with aria-current="page" itself. */
function AccountNavLink({ link, className }: { link: AccountLink; className?: string }) {
  const { icon: Icon } = link;
  return (
    <NavLink
      to={link.to}
      end
      className={['account-nav__link', className].filter(Boolean).join(' ')}
    >
      <Icon aria-hidden="true" size={18} strokeWidth={1.75} />
      {link.label}
    </NavLink>
  );
}
