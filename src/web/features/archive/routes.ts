import type { RouteObject } from 'react-router';

export const routes: RouteObject[] = [{ path: '/archive', lazy: () => import('./pages/archive-page') }];
