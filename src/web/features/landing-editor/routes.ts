import type { RouteObject } from 'react-router';

/** /admin/content 'Edit Landing Page' (spec 002 section 2; admin only, checked by the guard). */
export const routes: RouteObject[] = [{ path: '/admin/content', lazy: () => import('./pages/edit-landing-page') }];
