import type { RouteObject } from 'react-router';

/** /calendar 'Task Calendar' (guide/roles-and-access.md#the-route-table; the guard admits viewers read-only, guide/roles-and-access.md#what-a-viewer-sees). */
export const routes: RouteObject[] = [{ path: '/calendar', lazy: () => import('./pages/task-calendar-page') }];
