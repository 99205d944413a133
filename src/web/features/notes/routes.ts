import type { RouteObject } from 'react-router';

/** /runways/planning 'Future Planning Notes' (guide/roles-and-access.md#the-route-table; creative and above, checked by the guard). */
export const routes: RouteObject[] = [{ path: '/runways/planning', lazy: () => import('./pages/future-notes-page') }];
