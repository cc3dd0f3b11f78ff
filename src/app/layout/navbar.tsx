import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { company } from '../../config/company';
import { InstallButton } from '../../features/pwa/install-button';
import { narrowViewport, useMediaQuery } from '../../lib/use-media-query';
import { paths } from '../../config/paths';
import { useSignedInHint } from '../../lib/auth/session';
import { accountLink, navItems, type NavItem } from './site-links';

export function Navbar() {
  const [menuOpen, setMenuOpen] = useState(false);
  const [openDropdown, setOpenDropdown] = useState<string | null>(null);
  const { key } = useLocation();
  const narrow = useMediaQuery(narrowViewport);
  const menuId = useId();
  const navRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const account = accountLink(useSignedInHint());

  // Any navigation (a link, even to the page already shown; the back button) closes the menu
  // and its dropdowns.
  const [lastKey, setLastKey] = useState(key);
  if (key !== lastKey) {
    setLastKey(key);
    setMenuOpen(false);
    setOpenDropdown(null);
  }

  useEffect(() => {
    if (!menuOpen && !openDropdown) return;
    const closeOutside = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) {
        setMenuOpen(false);
        setOpenDropdown(null);
      }
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [menuOpen, openDropdown]);

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    if (openDropdown) {
      setOpenDropdown(null);
    } else if (menuOpen) {
      setMenuOpen(false);
      toggleRef.current?.focus();
    }
  };

  return (
    <header className="site-header">
      {/* Escape bubbles here from whichever control in the navbar has focus. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <nav ref={navRef} className="navbar" aria-label="Main" onKeyDown={closeOnEscape}>
        <Link to={paths.home} className="navbar__brand">
          <img src="/logo.svg" alt="" width="40" height="40" />
          <span className="navbar__name">{company.name}</span>
          <span className="visually-hidden">, home</span>
        </Link>
        <InstallButton />
        <button
          ref={toggleRef}
          type="button"
          className="navbar__toggle"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="navbar__toggle-bars" aria-hidden="true" />
          <span className="visually-hidden">Menu</span>
        </button>
        <ul id={menuId} className="navbar__links" data-open={menuOpen}>
          {navItems.map((item) => (
            <li
              key={item.label}
              className={item.children ? 'navbar__item navbar__item--has-menu' : 'navbar__item'}
            >
              {item.children ? (
                <NavDropdown
                  item={item}
                  narrow={narrow}
                  open={openDropdown === item.label}
                  onToggle={(open) => setOpenDropdown(open ? item.label : null)}
                />
              ) : (
                <NavLink to={item.to} className="navbar__link" end>
                  {item.label}
                </NavLink>
              )}
            </li>
          ))}
          <li className="navbar__item navbar__item--account">
            <NavLink to={account.to} className="navbar__link navbar__account" end>
              {account.label}
            </NavLink>
          </li>
        </ul>
      </nav>
    </header>
  );
}

interface NavDropdownProps {
  item: NavItem;
  narrow: boolean;
  open: boolean;
  onToggle: (open: boolean) => void;
}

/**
 * A link with a submenu. Wide screens show the submenu on hover or focus and keep the link
 * (a small button opens it from the keyboard or by touch); at 900px or less the item is a
 * button, so a tap, Enter or Space opens the submenu instead of navigating.
 */
function NavDropdown({ item, narrow, open, onToggle }: NavDropdownProps) {
  const { pathname } = useLocation();
  const submenuId = useId();
  const active = item.activeFor?.(pathname) ?? false;
  const className = `navbar__link${active ? ' active' : ''}`;

  return (
    <>
      {narrow ? (
        <button
          type="button"
          className={`${className} navbar__menu-button`}
          aria-expanded={open}
          aria-controls={submenuId}
          onClick={() => onToggle(!open)}
        >
          {item.label}
          <span className="navbar__chevron" aria-hidden="true" />
        </button>
      ) : (
        <>
          <NavLink to={item.to} className={className} end>
            {item.label}
          </NavLink>
          <button
            type="button"
            className="navbar__submenu-toggle"
            aria-expanded={open}
            aria-controls={submenuId}
            onClick={() => onToggle(!open)}
          >
            <span className="navbar__chevron" aria-hidden="true" />
            <span className="visually-hidden">{item.label} menu</span>
          </button>
        </>
      )}
      <ul id={submenuId} className="navbar__submenu" data-open={open}>
        {item.children?.map((child) => (
          <li key={child.to}>
            <NavLink to={child.to} className="navbar__sublink">
              {child.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </>
  );
}
