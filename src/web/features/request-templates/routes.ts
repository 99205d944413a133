import type { RouteObject } from 'react-router';

/** /request/templates: the person's request templates and the church's (guide/requests.md#request-templates; requester and above). */
export const routes: RouteObject[] = [{ path: '/request/templates', lazy: () => import('./pages/request-templates-page') }];
