import { Navigate, type RouteObject } from 'react-router-dom';
import { HeaderLayout } from './HeaderLayout';
import { StatusRoute } from './StatusRoute';
import { NotFoundRoute } from './NotFoundRoute';
import { RouteError } from './RouteError';
import { AuthRoot, PublicOnly, RequireAuth, RequireSuperuser } from './guards';
import { LoginPage } from '../features/auth/LoginPage';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { UserManagementPage } from '../features/users/UserManagementPage';
import { PlaceholderPage } from '../features/placeholders/PlaceholderPage';

/**
 * Every route of the app (orders spec §2, invoices spec §2).
 *
 * - /login is public; a signed-in visitor goes on to /dashboard (or the remembered location).
 * - Everything else needs a session: signed out, the guard goes to /login?next=<here>.
 * - /components, /products, /settings, /users and /company-info are for superusers; others go to
 *   /dashboard.
 * - The invoice viewer (/invoices/{id}/view) will sit under RequireAuth but outside HeaderLayout.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AuthRoot />,
    errorElement: <RouteError />,
    children: [
      {
        path: 'login',
        element: (
          <PublicOnly>
            <LoginPage />
          </PublicOnly>
        ),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <HeaderLayout />,
            errorElement: <RouteError />,
            children: [
              { index: true, element: <Navigate to="/dashboard" replace /> },
              { path: 'dashboard', element: <DashboardPage /> },
              { path: 'status', element: <StatusRoute /> },
              {
                path: 'orders',
                element: (
                  <PlaceholderPage title="All Orders">
                    The order list, its filters and the order form arrive with the orders issue.
                  </PlaceholderPage>
                ),
              },
              {
                path: 'invoices',
                element: (
                  <PlaceholderPage title="Invoices">
                    The invoice list, the invoice editor and printing arrive with the invoices issue.
                  </PlaceholderPage>
                ),
              },
              {
                element: <RequireSuperuser />,
                children: [
                  {
                    path: 'components',
                    element: (
                      <PlaceholderPage title="Components">
                        Managing components (name, cost, markup) arrives with the catalogue issue.
                      </PlaceholderPage>
                    ),
                  },
                  {
                    path: 'products',
                    element: (
                      <PlaceholderPage title="Products">
                        Managing products arrives with the catalogue issue.
                      </PlaceholderPage>
                    ),
                  },
                  {
                    path: 'settings',
                    element: (
                      <PlaceholderPage title="Configurations">
                        Managing the option lists of the order form arrives with the catalogue issue.
                      </PlaceholderPage>
                    ),
                  },
                  { path: 'users', element: <UserManagementPage /> },
                  {
                    path: 'company-info',
                    element: (
                      <PlaceholderPage title="Company Information">
                        Editing the company details and the sales tax rate arrives with the company issue.
                      </PlaceholderPage>
                    ),
                  },
                ],
              },
              { path: '*', element: <NotFoundRoute /> },
            ],
          },
        ],
      },
    ],
  },
];
