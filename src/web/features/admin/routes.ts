import type { RouteObject } from 'react-router';

export const routes: RouteObject[] = [
  { path: '/admin/settings', lazy: () => import('./pages/admin-settings-page') },
  // The church's configuration (decision 0056).
  { path: '/admin/tiers', lazy: () => import('./pages/tiers-page') },
  { path: '/admin/channels', lazy: () => import('./pages/channels-page') },
  { path: '/admin/church', lazy: () => import('./pages/church-page') },
];
