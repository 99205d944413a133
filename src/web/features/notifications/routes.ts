import type { RouteObject } from 'react-router';

export const routes: RouteObject[] = [{ path: '/notifications', lazy: () => import('./pages/notifications-page') }];
