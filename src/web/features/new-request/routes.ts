import type { RouteObject } from 'react-router';

/** The new-request form (guide/roles-and-access.md#the-route-table); ?duplicate={id} preloads an earlier request. */
export const routes: RouteObject[] = [{ path: '/request/new', lazy: () => import('./pages/new-request-page') }];
