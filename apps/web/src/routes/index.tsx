import type { RouteObject } from 'react-router-dom';
import { RootLayout } from './RootLayout';
import { StatusRoute } from './StatusRoute';
import { NotFoundRoute } from './NotFoundRoute';
import { RouteError } from './RouteError';

/**
 * Every route of the app. `/` shows the system status for now; the sign-in issue turns it into a
 * redirect to /dashboard and adds /login and the protected layout (spec §2).
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <StatusRoute /> },
      { path: 'status', element: <StatusRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];
