import type { RouteObject } from 'react-router';

export const routes: RouteObject[] = [{ path: '/my-requests', lazy: () => import('./pages/my-requests-page') }];
