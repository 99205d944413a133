import type { RouteObject } from 'react-router';

/** Sign-in (also shown at /request-access) and the password change (guide/roles-and-access.md#the-route-table). */
export const routes: RouteObject[] = [
  { path: '/login', lazy: () => import('./pages/login-page') },
  { path: '/request-access', lazy: () => import('./pages/login-page') },
  { path: '/change-password', lazy: () => import('./pages/change-password-page') },
  { path: '/verify', lazy: () => import('./pages/verify-page') },
];
