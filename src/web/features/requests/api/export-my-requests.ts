import type { MyRequestsExportFilters } from '@shared/api/requests';
import { qs } from '@web/lib/api';

/** My Requests' CSV export with the filters on screen; `all` holds both of a coordinator's sections. */
export const myRequestsExportUrl = (filters: MyRequestsExportFilters) => `/api/requests/mine/export.csv${qs(filters)}`;
