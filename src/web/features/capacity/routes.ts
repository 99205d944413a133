import type { RouteObject } from 'react-router';

/** /capacity 'Channel Capacity' (guide: requests.md#channel-capacity; coordinators and above, checked by the guard). */
export const routes: RouteObject[] = [{ path: '/capacity', lazy: () => import('./pages/capacity-page') }];
