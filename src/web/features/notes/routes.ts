import type { RouteObject } from 'react-router';

/** /runways/planning 'Future Planning Notes' (spec 002 section 2; creative and above, checked by the guard). */
export const routes: RouteObject[] = [{ path: '/runways/planning', lazy: () => import('./pages/future-notes-page') }];
