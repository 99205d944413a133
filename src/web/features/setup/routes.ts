import type { RouteObject } from 'react-router';

/** /admin/setup: the first-run setup checklist (admins only, checked by the guard). */
export const routes: RouteObject[] = [{ path: '/admin/setup', lazy: () => import('./pages/setup-checklist-page') }];
