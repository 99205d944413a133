import type { RouteObject } from 'react-router';

/** /calendar 'Task Calendar' (spec 002 section 2; the guard admits viewers read-only, DESIGN 5.2). */
export const routes: RouteObject[] = [{ path: '/calendar', lazy: () => import('./pages/task-calendar-page') }];
