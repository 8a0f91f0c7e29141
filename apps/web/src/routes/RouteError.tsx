import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';

/** Shown when a screen throws while rendering: say so, and offer a way out. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <div
      role="alert"
      className="mx-auto mt-16 max-w-xl rounded-lg border border-red-200 bg-white p-6 shadow-sm"
    >
      <h1 className="text-lg font-semibold text-slate-900">Something went wrong</h1>
      <p className="mt-2 text-sm text-slate-600">
        This page hit an unexpected error. Reload the page to try again; what is saved on the server is safe.
        {detail && <span className="mt-1 block font-mono text-xs text-slate-500">{detail}</span>}
      </p>
      <div className="mt-4 flex gap-2">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-md bg-sky-700 px-4 py-2 text-sm font-semibold text-white hover:bg-sky-800"
        >
          Reload
        </button>
        <Link
          to="/"
          className="rounded-md px-4 py-2 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
        >
          Go to the home page
        </Link>
      </div>
    </div>
  );
}
