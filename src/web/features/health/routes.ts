import type { RouteObject } from 'react-router';

/** /admin/system-health 'System Health' (spec 002 section 2; admin only, checked by the guard). */
export const routes: RouteObject[] = [{ path: '/admin/system-health', lazy: () => import('./pages/system-health-page') }];
