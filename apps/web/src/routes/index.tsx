import { Navigate, type RouteObject } from 'react-router-dom';
import { HeaderLayout } from './HeaderLayout';
import { StatusRoute } from './StatusRoute';
import { NotFoundRoute } from './NotFoundRoute';
import { RouteError } from './RouteError';
import { AuthRoot, PublicOnly, RequireAuth, RequireSuperuser } from './guards';
import { LoginPage } from '../features/auth/LoginPage';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { OrdersPage } from '../features/orders/OrdersPage';
import { UserManagementPage } from '../features/users/UserManagementPage';
import { ComponentsPage } from '../features/catalogue/ComponentsPage';
import { ProductsPage } from '../features/catalogue/ProductsPage';
import { SettingsPage } from '../features/catalogue/SettingsPage';
import { CompanyInfoPage } from '../features/company/CompanyInfoPage';
import { InvoicesPage } from '../features/invoices/InvoicesPage';
import { InvoiceEditorRoute, InvoiceViewerRoute } from '../features/invoices/routes';

/**
 * Every route of the app (orders spec §2, invoices spec §2).
 *
 * - /login is public; a signed-in visitor goes on to /dashboard (or the remembered location).
 * - Everything else needs a session: signed out, the guard goes to /login?next=<here>.
 * - /components, /products, /settings, /users and /company-info are for superusers; others go to
 *   /dashboard.
 * - The invoice viewer (/invoices/{id}/view) sits under RequireAuth but outside HeaderLayout (no
 *   header); it and the invoice editor are loaded when first opened.
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
              { path: 'orders', element: <OrdersPage /> },
              { path: 'invoices', element: <InvoicesPage /> },
              { path: 'invoices/:id/edit', element: <InvoiceEditorRoute /> },
              {
                element: <RequireSuperuser />,
                children: [
                  {
                    path: 'components',
                    element: <ComponentsPage />,
                  },
                  {
                    path: 'products',
                    element: <ProductsPage />,
                  },
                  {
                    path: 'settings',
                    element: <SettingsPage />,
                  },
                  { path: 'users', element: <UserManagementPage /> },
                  {
                    path: 'company-info',
                    element: <CompanyInfoPage />,
                  },
                ],
              },
              { path: '*', element: <NotFoundRoute /> },
            ],
          },
          { path: 'invoices/:id/view', element: <InvoiceViewerRoute />, errorElement: <RouteError /> },
        ],
      },
    ],
  },
];
