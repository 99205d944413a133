import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LoadingScreen } from './loading-screen';
import { RouteError } from './route-error';
import { FEATURE_ROUTES } from './screens';

/**
 * The route table: the feature screens (see screens.ts) under the root route, whose lazy module
 * (app-shell.tsx) holds the query cache and the root layout, which applies the guards.
 */
export function buildRoutes(): RouteObject[] {
  return [
    {
      lazy: () => import('./app-shell'),
      // While the shell's and the screen's chunks download, instead of a blank page.
      hydrateFallbackElement: <LoadingScreen />,
      errorElement: <RouteError />,
      children: [...FEATURE_ROUTES, { path: '*', element: <Navigate to="/" replace /> }],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
