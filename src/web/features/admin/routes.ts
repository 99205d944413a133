import type { RouteObject } from 'react-router';

export const routes: RouteObject[] = [{ path: '/admin/settings', lazy: () => import('./pages/admin-settings-page') }];
