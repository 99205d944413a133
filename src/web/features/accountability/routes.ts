import type { RouteObject } from 'react-router';

/** /accountability 'Accountability & Gaps' (spec 002 section 2; coordinators and above, checked by the guard). */
export const routes: RouteObject[] = [{ path: '/accountability', lazy: () => import('./pages/accountability-page') }];
