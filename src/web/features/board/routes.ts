import type { RouteObject } from 'react-router';

/** /production 'Production Board' (spec 002 section 2; creative and above, checked by the guard). */
export const routes: RouteObject[] = [{ path: '/production', lazy: () => import('./pages/production-board-page') }];
