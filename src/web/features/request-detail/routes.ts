import type { RouteObject } from 'react-router';

/** The request detail drawer (guide/roles-and-access.md#the-route-table); the guard admits viewers read-only (guide/roles-and-access.md#what-a-viewer-sees). */
export const routes: RouteObject[] = [{ path: '/request/:id', lazy: () => import('./pages/request-detail-page') }];
