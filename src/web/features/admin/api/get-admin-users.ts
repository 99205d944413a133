import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminUsersPage } from '@shared/api/admin-users';
import type { Role } from '@shared/domain/roles';
import { api, qs } from '@web/lib/api';

export interface AdminUsersFilter {
  search: string;
  role: Role | '';
}

/** The user table (admin only); 'users' events refetch it. */
export const adminUsersQuery = (filter: AdminUsersFilter) =>
  queryOptions({
    queryKey: ['users', 'admin', filter],
    queryFn: () =>
      api.get<AdminUsersPage>(`/api/admin/users${qs({ search: filter.search.trim() || undefined, role: filter.role || undefined })}`),
    placeholderData: keepPreviousData,
  });
