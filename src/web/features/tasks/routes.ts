import type { RouteObject } from 'react-router';

export const routes: RouteObject[] = [
  { path: '/my-tasks', lazy: () => import('./pages/my-tasks-page') },
  { path: '/all-tasks', lazy: () => import('./pages/all-tasks-page') },
];
