import type { RouteObject } from 'react-router';

/** /production 'Production Board' (guide/roles-and-access.md#the-route-table; creative and above, checked by the guard). */
export const routes: RouteObject[] = [{ path: '/production', lazy: () => import('./pages/production-board-page') }];
