import type { RouteObject } from 'react-router';

export const routes: RouteObject[] = [{ path: '/help', lazy: () => import('./pages/help-page') }];
