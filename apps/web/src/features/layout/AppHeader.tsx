import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { Button } from '../../components/Button';
import { Logo } from '../../components/Logo';
import { APP_NAME } from '../../lib/app';
import { useAuth } from '../../lib/auth';
import { cn } from '../../lib/cn';
import { SettingsMenu } from './SettingsMenu';

const NAV_LINKS = [
  { label: 'Dashboard', to: '/dashboard' },
  { label: 'Orders', to: '/orders' },
  { label: 'Quotes', to: '/quotes' },
  { label: 'Invoices', to: '/invoices' },
  { label: 'Customers', to: '/customers' },
  // The shop's own screen, one tap from anywhere (a shop lead on a tablet lives on it).
  { label: 'Shop Board', to: '/board' },
  { label: 'Reports', to: '/reports' },
] as const;

function linkClass(isActive: boolean, stacked: boolean) {
  return cn(
    'rounded-md px-3 py-2 text-sm font-medium',
    stacked && 'block',
    isActive ? 'bg-sky-50 text-sky-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  );
}

function NavLinks({ stacked = false }: { stacked?: boolean }) {
  const { user } = useAuth();
  return (
    <>
      {NAV_LINKS.map((link) => (
        <NavLink key={link.to} to={link.to} className={({ isActive }) => linkClass(isActive, stacked)}>
          {link.label}
        </NavLink>
      ))}
      {user?.is_superuser && <SettingsMenu />}
      {/* Every user's own API tokens: an account matter, last before Logout. */}
      <NavLink to="/api-tokens" className={({ isActive }) => linkClass(isActive, stacked)}>
        API tokens
      </NavLink>
    </>
  );
}

/**
 * The header of every header-layout screen (orders spec §2): logo, the title on wide screens,
 * Dashboard, Orders, Invoices, Customers and Reports, the Settings menu for superusers, API tokens (every
 * user's own), and Logout. Below 1024 px (a tablet, a phone, or 200% zoom on a laptop) the links and
 * Logout fold into a Menu button (a disclosure: Escape or choosing a screen folds it again).
 */
export function AppHeader() {
  const { logout } = useAuth();
  const [signingOut, setSigningOut] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // A screen chosen from the folded menu closes it.
  useEffect(() => setMenuOpen(false), [location.pathname]);

  async function handleLogout() {
    setSigningOut(true);
    try {
      // On success the session guard sends the browser to /login; a failure is only logged.
      await logout();
    } finally {
      setSigningOut(false);
    }
  }

  /** Escape folds the menu; focus, which may have been on a link that goes away, returns to the Menu button. */
  function foldOnEscape(event: { key: string }) {
    if (event.key !== 'Escape' || !menuOpen) return;
    setMenuOpen(false);
    menuButtonRef.current?.focus();
  }

  const logoutButton = () => (
    <Button size="sm" onClick={() => void handleLogout()} disabled={signingOut}>
      Logout
    </Button>
  );

  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-2 px-4 sm:gap-4 sm:px-6">
        <Link
          to="/dashboard"
          aria-label={APP_NAME}
          className="flex items-center gap-2 rounded-md font-semibold text-slate-900"
        >
          <Logo />
          <span className="hidden lg:inline">{APP_NAME}</span>
        </Link>
        <nav aria-label="Main" className="hidden flex-1 items-center gap-1 lg:flex">
          <NavLinks />
        </nav>
        {/* A wrapper carries the breakpoint: the Button's own inline-flex would win over `hidden`. */}
        <div className="hidden lg:block">{logoutButton()}</div>
        <button
          ref={menuButtonRef}
          type="button"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
          onKeyDown={foldOnEscape}
          className="ml-auto inline-flex items-center gap-1.5 rounded-md px-3 py-2 text-sm font-medium text-slate-800 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 lg:hidden"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
            <path d="M2 4.75A.75.75 0 0 1 2.75 4h14.5a.75.75 0 0 1 0 1.5H2.75A.75.75 0 0 1 2 4.75Zm0 5A.75.75 0 0 1 2.75 9h14.5a.75.75 0 0 1 0 1.5H2.75A.75.75 0 0 1 2 9.75Zm0 5a.75.75 0 0 1 .75-.75h14.5a.75.75 0 0 1 0 1.5H2.75a.75.75 0 0 1-.75-.75Z" />
          </svg>
          Menu
        </button>
      </div>
      {menuOpen && (
        <div id={menuId} className="border-t border-slate-200 px-4 py-2 lg:hidden" onKeyDown={foldOnEscape}>
          <nav aria-label="Main" className="flex flex-col items-stretch gap-1">
            <NavLinks stacked />
          </nav>
          <div className="mt-2 border-t border-slate-100 pt-2">{logoutButton()}</div>
        </div>
      )}
    </header>
  );
}
