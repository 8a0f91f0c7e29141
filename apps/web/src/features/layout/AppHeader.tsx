import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { roleMay, type Role } from '@icehouse/domain';
import { Button } from '../../components/Button';
import { Logo } from '../../components/Logo';
import { homeOf, usesTabletLayout } from '../../lib/access';
import { APP_NAME } from '../../lib/app';
import { useAuth } from '../../lib/auth';
import { cn } from '../../lib/cn';
import { SettingsMenu } from './SettingsMenu';

/**
 * The header's screens, each shown to the roles that may open it (the areas its route guard and the
 * server's operations name), so no link leads to a screen that would be refused.
 */
const NAV_LINKS: readonly { label: string; to: string; shows: (role: Role) => boolean }[] = [
  { label: 'Dashboard', to: '/dashboard', shows: (role) => roleMay(role, 'prices') },
  { label: 'Orders', to: '/orders', shows: (role) => roleMay(role, 'work') },
  { label: 'Quotes', to: '/quotes', shows: (role) => roleMay(role, 'sales') },
  { label: 'Invoices', to: '/invoices', shows: (role) => roleMay(role, 'books') },
  { label: 'Customers', to: '/customers', shows: (role) => roleMay(role, 'prices') },
  // The shop's own screen, one tap from anywhere (a shop lead on a tablet lives on it).
  { label: 'Shop Board', to: '/board', shows: (role) => roleMay(role, 'work') },
  // Materials is a tab of Reports for the books' roles; the shop, without Reports, has it here.
  { label: 'Materials', to: '/materials', shows: (role) => roleMay(role, 'production') && !roleMay(role, 'books') },
  { label: 'Purchase Orders', to: '/purchase-orders', shows: (role) => roleMay(role, ['purchasing', 'receiving']) },
  { label: 'Reports', to: '/reports', shows: (role) => roleMay(role, 'books') },
];

function linkClass(isActive: boolean, stacked: boolean, touch: boolean) {
  return cn(
    'rounded-md px-3 py-2 text-sm font-medium',
    stacked && 'block',
    // On the shop's tablet every link is a finger's size (44 px at least).
    touch && 'inline-flex min-h-11 items-center px-4 text-base',
    isActive ? 'bg-sky-50 text-sky-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  );
}

function NavLinks({ stacked = false }: { stacked?: boolean }) {
  const { user } = useAuth();
  const role = user?.role;
  const touch = usesTabletLayout(role);
  return (
    <>
      {NAV_LINKS.filter((link) => role && link.shows(role)).map((link) => (
        <NavLink key={link.to} to={link.to} className={({ isActive }) => linkClass(isActive, stacked, touch)}>
          {link.label}
        </NavLink>
      ))}
      {role && roleMay(role, 'admin') && <SettingsMenu />}
      {/* Every user's own API tokens: an account matter, last before Logout. */}
      <NavLink to="/api-tokens" className={({ isActive }) => linkClass(isActive, stacked, touch)}>
        API tokens
      </NavLink>
    </>
  );
}

/**
 * The header of every header-layout screen (orders spec §2): logo (to the role's home), the title on wide
 * screens, the screens the role may open (NAV_LINKS), the Settings menu for the admin, API tokens (every
 * user's own), and Logout. Below 1024 px (a tablet, a phone, or 200% zoom on a laptop) the links and
 * Logout fold into a Menu button (a disclosure: Escape or choosing a screen folds it again); the shop's
 * few links stay in the header from 768 px (its tablet), each at least 44 px high.
 */
export function AppHeader() {
  const { logout, user } = useAuth();
  // The shop's tablet (768 px and up) shows its few links in the header itself, a tap each.
  const touch = usesTabletLayout(user?.role);
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
    <Button size="sm" onClick={() => void handleLogout()} disabled={signingOut} className={cn(touch && 'min-h-11 px-4')}>
      Logout
    </Button>
  );

  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-2 px-4 sm:gap-4 sm:px-6">
        <Link
          to={homeOf(user?.role)}
          aria-label={APP_NAME}
          className="flex items-center gap-2 rounded-md font-semibold text-slate-900"
        >
          <Logo />
          <span className="hidden lg:inline">{APP_NAME}</span>
        </Link>
        <nav aria-label="Main" className={cn('hidden flex-1 items-center gap-1 lg:flex', touch && 'md:flex')}>
          <NavLinks />
        </nav>
        {/* A wrapper carries the breakpoint: the Button's own inline-flex would win over `hidden`. */}
        <div className={cn('hidden lg:block', touch && 'md:block')}>{logoutButton()}</div>
        <button
          ref={menuButtonRef}
          type="button"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
          onKeyDown={foldOnEscape}
          className={cn(
            'ml-auto inline-flex items-center gap-1.5 rounded-md px-3 py-2 text-sm font-medium text-slate-800 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 lg:hidden',
            touch && 'min-h-11 md:hidden',
          )}
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
            <path d="M2 4.75A.75.75 0 0 1 2.75 4h14.5a.75.75 0 0 1 0 1.5H2.75A.75.75 0 0 1 2 4.75Zm0 5A.75.75 0 0 1 2.75 9h14.5a.75.75 0 0 1 0 1.5H2.75A.75.75 0 0 1 2 9.75Zm0 5a.75.75 0 0 1 .75-.75h14.5a.75.75 0 0 1 0 1.5H2.75a.75.75 0 0 1-.75-.75Z" />
          </svg>
          Menu
        </button>
      </div>
      {menuOpen && (
        <div
          id={menuId}
          className={cn('border-t border-slate-200 px-4 py-2 lg:hidden', touch && 'md:hidden')}
          onKeyDown={foldOnEscape}
        >
          <nav aria-label="Main" className="flex flex-col items-stretch gap-1">
            <NavLinks stacked />
          </nav>
          <div className="mt-2 border-t border-slate-100 pt-2">{logoutButton()}</div>
        </div>
      )}
    </header>
  );
}
