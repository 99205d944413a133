import type { RouteObject } from 'react-router';

/** /cms-queue 'CMS Queue' (spec 000 section 2, DESIGN 5.7; coordinators and above, checked by the guard). */
export const routes: RouteObject[] = [{ path: '/cms-queue', lazy: () => import('./pages/cms-queue-page') }];
