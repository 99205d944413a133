import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { FEATURE_ROUTES } from './screens';

/** The route table: the feature screens (see screens.ts) under the root layout, which applies the guards. */
export function buildRoutes(): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      children: [...FEATURE_ROUTES, { path: '*', element: <Navigate to="/" replace /> }],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
