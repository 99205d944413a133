import type { RouteObject } from 'react-router';

/** /cms-queue 'CMS Queue' (guide/roles-and-access.md#the-route-table, guide/reports.md#the-cms-queue; coordinators and above, checked by the guard). */
export const routes: RouteObject[] = [{ path: '/cms-queue', lazy: () => import('./pages/cms-queue-page') }];
