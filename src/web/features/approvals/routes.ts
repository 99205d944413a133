import type { RouteObject } from 'react-router';

export const routes: RouteObject[] = [{ path: '/approvals', lazy: () => import('./pages/approvals-page') }];
