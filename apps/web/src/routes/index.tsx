import { Suspense, lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { LoadingScreen } from '../components/LoadingScreen';
import { HeaderLayout } from './HeaderLayout';
import { NotFoundRoute } from './NotFoundRoute';
import { RouteError } from './RouteError';
import { AuthRoot, HomeRedirect, PublicOnly, RequireArea, RequireAuth } from './guards';
import { InvoiceEditorRoute, InvoiceViewerRoute } from '../features/invoices/routes';

/**
 * A screen loaded when its route is first shown (React.lazy), so each screen's code (and the
 * libraries only it uses) is not part of the app's first download. While it loads, the nearest
 * Suspense boundary shows a loading state (HeaderLayout's for the screens under the header); a
 * chunk that cannot be loaded throws, and the route's error element (RouteError) says so.
 */
function lazyPage<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return lazy(async () => {
    const page: ComponentType = (await load())[name];
    return { default: page };
  });
}

const LoginPage = lazyPage(() => import('../features/auth/LoginPage'), 'LoginPage');
const DashboardPage = lazyPage(() => import('../features/dashboard/DashboardPage'), 'DashboardPage');
const SystemStatusPage = lazyPage(() => import('../features/system/SystemStatusPage'), 'SystemStatusPage');
const OrdersPage = lazyPage(() => import('../features/orders/OrdersPage'), 'OrdersPage');
const InvoicesPage = lazyPage(() => import('../features/invoices/InvoicesPage'), 'InvoicesPage');
const ReportsPage = lazyPage(() => import('../features/reports/ReportsPage'), 'ReportsPage');
const CustomersPage = lazyPage(() => import('../features/customers/CustomersPage'), 'CustomersPage');
const CustomerPage = lazyPage(() => import('../features/customers/CustomerPage'), 'CustomerPage');
const QuotesPage = lazyPage(() => import('../features/quotes/QuotesPage'), 'QuotesPage');
const QuoteEditorPage = lazyPage(() => import('../features/quotes/QuoteEditorPage'), 'QuoteEditorPage');
const CustomerQuotePage = lazyPage(() => import('../features/quotes/CustomerQuotePage'), 'CustomerQuotePage');
const CustomerInvoicePage = lazyPage(() => import('../features/invoices/CustomerInvoicePage'), 'CustomerInvoicePage');
const ResetPasswordPage = lazyPage(() => import('../features/auth/ResetPasswordPage'), 'ResetPasswordPage');
const CustomerStatementPage = lazyPage(
  () => import('../features/statements/CustomerStatementPage'),
  'CustomerStatementPage',
);
const UserManagementPage = lazyPage(
  () => import('../features/users/UserManagementPage'),
  'UserManagementPage',
);
const ComponentsPage = lazyPage(() => import('../features/catalogue/ComponentsPage'), 'ComponentsPage');
const ProductsPage = lazyPage(() => import('../features/catalogue/ProductsPage'), 'ProductsPage');
const SettingsPage = lazyPage(() => import('../features/catalogue/SettingsPage'), 'SettingsPage');
const ApiTokensPage = lazyPage(() => import('../features/tokens/ApiTokensPage'), 'ApiTokensPage');
const CompanyInfoPage = lazyPage(() => import('../features/company/CompanyInfoPage'), 'CompanyInfoPage');
const ShipSchedulePage = lazyPage(() => import('../features/schedule/ShipSchedulePage'), 'ShipSchedulePage');
const ShopBoard = lazyPage(() => import('../features/production/ShopBoard'), 'ShopBoard');
const MaterialsPage = lazyPage(() => import('../features/production/MaterialsPage'), 'MaterialsPage');
const PurchaseOrdersPage = lazyPage(() => import('../features/purchasing/PurchaseOrdersPage'), 'PurchaseOrdersPage');
const PurchaseOrderPage = lazyPage(() => import('../features/purchasing/PurchaseOrderPage'), 'PurchaseOrderPage');
const SuppliersPage = lazyPage(() => import('../features/purchasing/SuppliersPage'), 'SuppliersPage');
const WebhooksPage = lazyPage(() => import('../features/webhooks/WebhooksPage'), 'WebhooksPage');
const FailedJobsPage = lazyPage(() => import('../features/jobs/FailedJobsPage'), 'FailedJobsPage');
const SpreadsheetImportPage = lazyPage(
  () => import('../features/spreadsheets/SpreadsheetImportPage'),
  'SpreadsheetImportPage',
);

/**
 * Every route of the app (orders spec §2, invoices spec §2).
 *
 * - /login is public; a signed-in visitor goes on to /dashboard (or the remembered location).
 * - Everything else needs a session: signed out, the guard goes to /login?next=<here>.
 * - Each screen sits under the area of the server operations it needs (RequireArea, the domain's
 *   `roleMay`): a role without it goes to its home (`homeOf`: the board for the shop, else /dashboard).
 *   /components, /products, /settings, /users, /company-info, /failed-jobs, /webhooks and /import are the admin's.
 * - The invoice viewer (/invoices/{id}/view) sits under RequireAuth but outside HeaderLayout (no
 *   header).
 * - Every screen is loaded when first opened (see `lazyPage`); the session guards, the header
 *   layout and the error screen are part of the first download.
 */
export const routes: RouteObject[] = [
  {
    // A customer link's page (decision 161): outside the signed-in app, no session read or made.
    path: '/customer/quote/:id',
    element: (
      <Suspense fallback={<LoadingScreen />}>
        <CustomerQuotePage />
      </Suspense>
    ),
    errorElement: <RouteError />,
  },
  {
    // An invoice's customer link (decision 210): the same, outside the signed-in app.
    path: '/customer/invoice/:id',
    element: (
      <Suspense fallback={<LoadingScreen />}>
        <CustomerInvoicePage />
      </Suspense>
    ),
    errorElement: <RouteError />,
  },
  {
    // A statement's customer link (decision 202): outside the signed-in app, as the quote's.
    path: '/customer/statement/:id',
    element: (
      <Suspense fallback={<LoadingScreen />}>
        <CustomerStatementPage />
      </Suspense>
    ),
    errorElement: <RouteError />,
  },
  {
    // A password reset link's page (decision 269): outside the signed-in app, no session read or made.
    path: '/reset-password',
    element: (
      <Suspense fallback={<LoadingScreen />}>
        <ResetPasswordPage />
      </Suspense>
    ),
    errorElement: <RouteError />,
  },
  {
    path: '/',
    element: <AuthRoot />,
    errorElement: <RouteError />,
    children: [
      {
        path: 'login',
        element: (
          <PublicOnly>
            <Suspense fallback={<LoadingScreen />}>
              <LoginPage />
            </Suspense>
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
              { index: true, element: <HomeRedirect /> },
              { path: 'status', element: <SystemStatusPage /> },
              { path: 'api-tokens', element: <ApiTokensPage /> },
              { path: 'orders', element: <OrdersPage /> },
              { path: 'reports/ship-schedule', element: <ShipSchedulePage /> },
              { path: 'board', element: <ShopBoard /> },
              { path: 'materials', element: <MaterialsPage /> },
              {
                // The dashboard's figures are money (revenue per month): the shop starts on its board.
                element: <RequireArea area="prices" />,
                children: [
                  { path: 'dashboard', element: <DashboardPage /> },
                  { path: 'customers', element: <CustomersPage /> },
                  { path: 'customers/:id', element: <CustomerPage /> },
                ],
              },
              {
                // Purchase orders: the purchasing roles', and the shop's to receive (receiving).
                element: <RequireArea area={['purchasing', 'receiving']} />,
                children: [
                  { path: 'purchase-orders', element: <PurchaseOrdersPage /> },
                  { path: 'purchase-orders/:id', element: <PurchaseOrderPage /> },
                ],
              },
              {
                element: <RequireArea area="purchasing" />,
                children: [{ path: 'suppliers', element: <SuppliersPage /> }],
              },
              {
                element: <RequireArea area="sales" />,
                children: [
                  { path: 'quotes', element: <QuotesPage /> },
                  { path: 'quotes/:id', element: <QuoteEditorPage /> },
                ],
              },
              {
                element: <RequireArea area="books" />,
                children: [
                  { path: 'invoices', element: <InvoicesPage /> },
                  { path: 'invoices/:id/edit', element: <InvoiceEditorRoute /> },
                  { path: 'reports', element: <ReportsPage /> },
                ],
              },
              {
                element: <RequireArea area="admin" />,
                children: [
                  { path: 'components', element: <ComponentsPage /> },
                  { path: 'products', element: <ProductsPage /> },
                  { path: 'settings', element: <SettingsPage /> },
                  { path: 'users', element: <UserManagementPage /> },
                  { path: 'company-info', element: <CompanyInfoPage /> },
                  { path: 'failed-jobs', element: <FailedJobsPage /> },
                  { path: 'webhooks', element: <WebhooksPage /> },
                  { path: 'import', element: <SpreadsheetImportPage /> },
                ],
              },
              { path: '*', element: <NotFoundRoute /> },
            ],
          },
          {
            element: <RequireArea area="books" />,
            children: [{ path: 'invoices/:id/view', element: <InvoiceViewerRoute />, errorElement: <RouteError /> }],
          },
        ],
      },
    ],
  },
];
