import type { RouteObject } from 'react-router';

/** /sundays/:date, one Sunday as the people doing its work read it (decision 0058; creative and above, checked by the guard). */
export const routes: RouteObject[] = [{ path: '/sundays/:date', lazy: () => import('./pages/sunday-page') }];
