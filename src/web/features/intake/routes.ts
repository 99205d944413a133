import type { RouteObject } from 'react-router';

export const routes: RouteObject[] = [{ path: '/intake', lazy: () => import('./pages/intake-page') }];
