import { useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { Button } from '../../components/Button';
import { Logo } from '../../components/Logo';
import { APP_NAME } from '../../lib/app';
import { useAuth } from '../../lib/auth';
import { cn } from '../../lib/cn';
import { SettingsMenu } from './SettingsMenu';

const NAV_LINKS = [
  { label: 'Dashboard', to: '/dashboard' },
  { label: 'Orders', to: '/orders' },
  { label: 'Invoices', to: '/invoices' },
] as const;

/**
 * The header of every header-layout screen (orders spec §2): logo, the title on wide screens,
 * Dashboard, Orders, Invoices, the Settings menu for superusers, and Logout.
 */
export function AppHeader() {
  const { user, logout } = useAuth();
  const [signingOut, setSigningOut] = useState(false);

  async function handleLogout() {
    setSigningOut(true);
    try {
      // On success the session guard sends the browser to /login; a failure is only logged.
      await logout();
    } finally {
      setSigningOut(false);
    }
  }

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
        <nav aria-label="Main" className="flex flex-1 items-center gap-1">
          {NAV_LINKS.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              className={({ isActive }) =>
                cn(
                  'rounded-md px-3 py-2 text-sm font-medium',
                  isActive
                    ? 'bg-sky-50 text-sky-800'
                    : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                )
              }
            >
              {link.label}
            </NavLink>
          ))}
          {user?.is_superuser && <SettingsMenu />}
        </nav>
        <Button size="sm" onClick={() => void handleLogout()} disabled={signingOut}>
          Logout
        </Button>
      </div>
    </header>
  );
}
