import type { RouteObject } from 'react-router';

/** The person's own account page: who they are, their password, and the settings later issues add. */
export const routes: RouteObject[] = [{ path: '/account', lazy: () => import('./pages/account-page') }];
