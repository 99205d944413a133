import type { RouteObject } from 'react-router';

/** /admin/content 'Edit Landing Page' (guide/roles-and-access.md#the-route-table; admin only, checked by the guard). */
export const routes: RouteObject[] = [{ path: '/admin/content', lazy: () => import('./pages/edit-landing-page') }];
