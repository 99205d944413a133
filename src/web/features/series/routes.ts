import type { RouteObject } from 'react-router';

/** /series, /series/new and /series/{id} (guide/roles-and-access.md#the-route-table; coordinator and above, checked by the guard). */
export const routes: RouteObject[] = [
  { path: '/series', lazy: () => import('./pages/series-list-page') },
  { path: '/series/new', lazy: () => import('./pages/new-series-page') },
  { path: '/series/:id', lazy: () => import('./pages/edit-series-page') },
];
