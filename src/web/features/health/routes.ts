import type { RouteObject } from 'react-router';

/** /admin/system-health 'System Health' (guide/roles-and-access.md#the-route-table; admin only, checked by the guard). */
export const routes: RouteObject[] = [{ path: '/admin/system-health', lazy: () => import('./pages/system-health-page') }];
