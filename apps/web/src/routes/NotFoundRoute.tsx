import { Link } from 'react-router-dom';
import { PageHeader } from '../components/PageHeader';

export function NotFoundRoute() {
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Page not found" description="There is no page at this address." />
      <Link
        to="/"
        className="inline-flex rounded-md bg-sky-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-sky-800"
      >
        Go to the home page
      </Link>
    </div>
  );
}
