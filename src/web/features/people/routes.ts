import type { RouteObject } from 'react-router';

/**
 * The answer page of an assignment e-mail (/respond, public: its signed link is its authority) and
 * the schedule (/runways/schedule, coordinators and up) (guide/sunday-planning.md#answering-an-assignment, #the-schedule).
 */
export const routes: RouteObject[] = [
  { path: '/respond', lazy: () => import('./pages/respond-page') },
  { path: '/runways/schedule', lazy: () => import('./pages/schedule-page') },
];
