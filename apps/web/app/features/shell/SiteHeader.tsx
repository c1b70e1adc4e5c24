import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { sideMenuLinks } from './navigation.ts';

export function SiteHeader({ siteName, inNoSection }: { siteName: string; inNoSection?: boolean }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLElement>(null);
  const location = useLocation();

  // A link in the menu was followed (even to the page already shown): the menu has done its job.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => {
    setOpen(false);
  }, [location.key]);

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLAnchorElement>('a')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <header className="site-header">
      <div className="site-header__bar">
        <button
          ref={buttonRef}
          type="button"
          className="menu-button"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((value) => !value)}
        >
          <span className="menu-button__icon" aria-hidden="true" />
          {open ? 'Close Menu' : 'Open Menu'}
        </button>
        <Link to="/" className="site-header__brand">
          {siteName}
        </Link>
      </div>
      <nav id={menuId} ref={menuRef} className="side-menu" aria-label="Site menu" hidden={!open}>
        <ul>
          {sideMenuLinks.map((link) => {
            // NavLink would work this out again in each of the 18 links, with five hooks apiece, every
            // time a page hydrates; the header already knows the location.
            const current =
              !inNoSection && (location.pathname === link.to || location.pathname.startsWith(`${link.to}/`));
            return (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className={current ? 'active' : undefined}
                  aria-current={current ? 'page' : undefined}
                >
                  {link.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </header>
  );
}
