import { Link } from 'react-router-dom';
import { PlaceholderPage } from '../placeholders/PlaceholderPage';
import { useAuth } from '../../lib/auth';

/** The dashboard. Monthly order counts and the order search arrive with the orders work. */
export function DashboardPage() {
  const { user } = useAuth();
  return (
    <PlaceholderPage title="Dashboard">
      {user ? `Signed in as ${user.username}. ` : ''}
      Monthly order counts and the order search arrive with the orders issue. Until then,{' '}
      <Link to="/status" className="font-medium text-sky-700 underline hover:text-sky-900">
        the system status
      </Link>{' '}
      shows whether the server and its database are running.
    </PlaceholderPage>
  );
}
