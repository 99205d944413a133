import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/**
 * Each feature declares its screens in `features/<name>/routes.ts` (lazy page imports, so each
 * screen is its own chunk); the router collects them. Guards live in RootLayout.
 */
const featureRoutes = import.meta.glob<{ routes: RouteObject[] }>('../features/*/routes.ts', { eager: true });

export function buildRoutes(): RouteObject[] {
  const children = Object.values(featureRoutes).flatMap((m) => m.routes);
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      children: [...children, { path: '*', element: <Navigate to="/" replace /> }],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
