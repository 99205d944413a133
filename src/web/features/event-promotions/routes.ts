import type { RouteObject } from 'react-router';

export const routes: RouteObject[] = [{ path: '/event-promotions', lazy: () => import('./pages/event-promotions-page') }];
