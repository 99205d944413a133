import type { RouteObject } from 'react-router';

/** /accountability 'Accountability & Gaps' (guide/roles-and-access.md#the-route-table; coordinators and above, checked by the guard). */
export const routes: RouteObject[] = [{ path: '/accountability', lazy: () => import('./pages/accountability-page') }];
