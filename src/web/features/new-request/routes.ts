import type { RouteObject } from 'react-router';

/** The new-request form (spec 001 section 2); ?duplicate={id} preloads an earlier request. */
export const routes: RouteObject[] = [{ path: '/request/new', lazy: () => import('./pages/new-request-page') }];
