import { Link, Outlet } from 'react-router-dom';
import { APP_NAME } from '../features/system/SystemStatusPage';

/** The page frame. The sign-in issue adds the spec's header links, Settings menu and Logout here. */
export function RootLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-14 max-w-7xl items-center gap-3 px-4 sm:px-6">
          <Link to="/" className="flex items-center gap-2 rounded-md font-semibold text-slate-900">
            <span
              aria-hidden="true"
              className="grid size-8 place-items-center rounded-md bg-sky-700 text-sm text-white"
            >
              IH
            </span>
            <span className="hidden md:inline">{APP_NAME}</span>
          </Link>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6">
        <Outlet />
      </main>
    </div>
  );
}
