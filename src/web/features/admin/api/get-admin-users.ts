import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import type { AdminUsersPage, UserStatus } from '@shared/api/admin-users';
import type { Role } from '@shared/domain/roles';
import { api, qs } from '@web/lib/api';

export interface AdminUsersFilter {
  search: string;
  role: Role | '';
  status: UserStatus | '';
}

/** The user table (admin only), a screen at a time by name ('Load more'); 'users' events refetch it. */
export const adminUsersQuery = (filter: AdminUsersFilter) =>
  infiniteQueryOptions({
    queryKey: ['users', 'admin', filter],
    queryFn: ({ pageParam }) =>
      api.get<AdminUsersPage>(
        `/api/admin/users${qs({
          search: filter.search.trim() || undefined,
          role: filter.role || undefined,
          status: filter.status || undefined,
          cursor: pageParam ?? undefined,
        })}`,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
