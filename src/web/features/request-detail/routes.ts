import type { RouteObject } from 'react-router';

/** The request detail drawer (spec 001 section 2); the guard admits viewers read-only (DESIGN 5.2). */
export const routes: RouteObject[] = [{ path: '/request/:id', lazy: () => import('./pages/request-detail-page') }];
