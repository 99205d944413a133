import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { lazy, Suspense, useCallback, useState } from 'react';
import { ADMIN_USERS_MESSAGES as M, USER_STATUS_LABELS, USER_STATUSES, type AdminUser, type UserStatus } from '@shared/api/admin-users';
import { formatDateTime } from '@shared/domain/dates';
import { ROLE_LABELS, ROLES, type Role } from '@shared/domain/roles';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Input, Label } from '@web/components/ui/input';
import { EmptyState, ErrorState, LoadingState } from '@web/components/ui/states';
import { ListFooter } from '@web/components/ui/list-footer';
import { useListParams, useSearchText } from '@web/lib/use-list-params';
import { readerLocale } from '@web/lib/locale';
import { adminMinistriesQuery } from '../api/admin-ministries';
import { adminUsersQuery } from '../api/get-admin-users';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { useResendInvite, useResetPassword, useSetUserActive } from '../api/user-account-actions';
import { SectionHeader } from './section-header';
import { UsersDeleteDialog } from './users-delete-dialog';
import { SELECT } from './users-form-fields';
import { UsersSecondFactorDialog } from './users-second-factor-dialog';

// The dialogs' forms and their schemas load after the section: the checks are not on its first paint.
const UsersInviteDialog = lazy(() => import('./users-invite-dialog'));
const UsersEditDialog = lazy(() => import('./users-edit-dialog'));

const COLUMNS = 'lg:grid lg:grid-cols-[minmax(0,1.6fr)_7rem_minmax(0,1fr)_9rem_8rem] lg:gap-4 lg:items-center';

/**
 * User management (guide/administration.md#admin-settings): search, role and status filters (in the address, decision
 * 0057), invite, and each person's actions. The server answers a screen of people at a time, by
 * name; 'Load more' reads on.
 */
export function UsersSection() {
  const [params, setParams] = useListParams({ search: '', role: '', status: '' });
  const writeSearch = useCallback((text: string) => setParams({ search: text }, { replace: true }), [setParams]);
  const [search, setSearch] = useSearchText(params.search, writeSearch);
  const role = (ROLES as readonly string[]).includes(params.role) ? (params.role as Role) : '';
  const status = (USER_STATUSES as readonly string[]).includes(params.status) ? (params.status as UserStatus) : '';
  const users = useInfiniteQuery(adminUsersQuery({ search: params.search, role, status }));
  const shown = users.data?.pages.flatMap((p) => p.users) ?? [];
  const ministries = useQuery(adminMinistriesQuery);
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const [resettingFactor, setResettingFactor] = useState<AdminUser | null>(null);
  const list = ministries.data?.ministries ?? [];
  return (
    <Card className="overflow-hidden" aria-labelledby="users-heading" role="region">
      <SectionHeader id="users-heading" icon={Users} title={M.usersTitle} description={M.inviting}>
        <Button onClick={() => setInviting(true)}>{M.inviteUser}</Button>
      </SectionHeader>
      <div className="flex flex-col gap-3 border-t border-slate-200 px-5 py-4 sm:flex-row sm:px-6">
        <div className="flex-1">
          <Label htmlFor="users-search" className="sr-only">
            Search users
          </Label>
          <Input
            id="users-search"
            type="search"
            placeholder={M.searchPlaceholder}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <div className="sm:w-48">
          <Label htmlFor="users-role-filter" className="sr-only">
            Filter by role
          </Label>
          <select id="users-role-filter" className={SELECT} value={role} onChange={(e) => setParams({ role: e.target.value })}>
            <option value="">{M.allRoles}</option>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        </div>
        <div className="sm:w-48">
          <Label htmlFor="users-status-filter" className="sr-only">
            Filter by status
          </Label>
          <select id="users-status-filter" className={SELECT} value={status} onChange={(e) => setParams({ status: e.target.value })}>
            <option value="">{M.allStatuses}</option>
            {USER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {USER_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="border-t border-slate-200">
        {users.isPending ? (
          <LoadingState />
        ) : users.isError ? (
          <ErrorState message={`${M.fetchFailed}${users.error.message}`} onRetry={() => void users.refetch()} />
        ) : shown.length === 0 ? (
          <EmptyState>{params.search || role || status ? M.noUsersMatch : M.noUsers}</EmptyState>
        ) : (
          <>
            <div
              className={`hidden border-b border-slate-200 bg-slate-50 px-6 py-2 text-xs font-semibold uppercase tracking-wide text-slate-500 ${COLUMNS}`}
              aria-hidden
            >
              <span>Name</span>
              <span>Role</span>
              <span>Ministry</span>
              <span>Last sign-in</span>
              <span>Active</span>
            </div>
            <ul className="divide-y divide-slate-200" aria-label="Users">
              {shown.map((u) => (
                <UserRow
                  key={u.id}
                  user={u}
                  onEdit={() => setEditing(u)}
                  onDelete={() => setDeleting(u)}
                  onResetSecondFactor={() => setResettingFactor(u)}
                />
              ))}
            </ul>
            <ListFooter
              shown={shown.length}
              total={null}
              noun="people"
              hasNextPage={users.hasNextPage}
              isFetchingNextPage={users.isFetchingNextPage}
              onLoadMore={() => void users.fetchNextPage()}
            />
          </>
        )}
      </div>
      <Suspense fallback={null}>
        <UsersInviteDialog open={inviting} onOpenChange={setInviting} ministries={list} />
        <UsersEditDialog user={editing} onClose={() => setEditing(null)} ministries={list} />
      </Suspense>
      <UsersDeleteDialog user={deleting} onClose={() => setDeleting(null)} />
      <UsersSecondFactorDialog user={resettingFactor} onClose={() => setResettingFactor(null)} />
    </Card>
  );
}

function UserRow({
  user,
  onEdit,
  onDelete,
  onResetSecondFactor,
}: {
  user: AdminUser;
  onEdit: () => void;
  onDelete: () => void;
  onResetSecondFactor: () => void;
}) {
  const setActive = useSetUserActive();
  const reset = useResetPassword();
  const resend = useResendInvite();
  const switchId = `user-active-${user.id}`;
  const [asking, setAsking] = useState<'deactivate' | 'reset' | null>(null);
  const active = setActive.isPending ? setActive.variables.active : user.active;
  return (
    <li className="px-5 py-4 sm:px-6">
      <div className={`flex flex-col gap-2 ${COLUMNS}`}>
        <div className="min-w-0">
          <p className="font-medium text-slate-900">
            {user.fullName}
            {user.isYou && <span className="ml-2 text-xs font-normal text-slate-500">(you)</span>}
          </p>
          <p className="break-all text-sm text-slate-600">{user.email}</p>
        </div>
        <p className="text-sm text-slate-700">
          <span className="lg:sr-only">Role: </span>
          {ROLE_LABELS[user.role]}
        </p>
        <p className="text-sm text-slate-700">
          <span className="lg:sr-only">Ministry: </span>
          {user.ministryName ?? '—'}
        </p>
        <p className="text-sm text-slate-600">
          <span className="lg:sr-only">Last sign-in: </span>
          {user.lastLoginAt ? formatDateTime(user.lastLoginAt, readerLocale()) : 'Never'}
        </p>
        <label htmlFor={switchId} className="flex items-center gap-2 text-sm text-slate-700">
          <input
            id={switchId}
            type="checkbox"
            role="switch"
            className="h-5 w-5 accent-brand-600"
            checked={active}
            disabled={!user.canDeactivate || setActive.isPending}
            onChange={(e) => {
              // Turning someone off signs them out: asked first. Turning them back on is not.
              if (e.target.checked) setActive.mutate({ id: user.id, active: true });
              else setAsking('deactivate');
            }}
          />
          <span>{active ? 'Active' : 'Deactivated'}</span>
          <span className="sr-only">{user.fullName}</span>
        </label>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${user.fullName}`}>
          Edit
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={reset.isPending}
          onClick={() => setAsking('reset')}
          aria-label={`Reset password of ${user.fullName}`}
        >
          Reset Password
        </Button>
        {user.secondFactor && (
          <Button size="sm" variant="outline" onClick={onResetSecondFactor} aria-label={`Reset two-step verification of ${user.fullName}`}>
            Reset Two-Step
          </Button>
        )}
        {user.canResendInvite && (
          <Button
            size="sm"
            variant="outline"
            disabled={resend.isPending}
            onClick={() => resend.mutate(user.id)}
            aria-label={`Resend invite to ${user.fullName}`}
          >
            Resend Invite
          </Button>
        )}
        {user.canDelete && (
          <Button size="sm" variant="destructive" onClick={onDelete} aria-label={`Delete ${user.fullName}`}>
            Delete
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={asking === 'deactivate'}
        onOpenChange={(open) => !open && setAsking(null)}
        title={`Deactivate ${user.fullName}?`}
        description={`${user.fullName} is signed out everywhere and can no longer sign in until turned back on. Their requests and tasks stay.`}
        confirm="Deactivate"
        pendingLabel="Deactivating..."
        destructive
        onConfirm={() => setActive.mutateAsync({ id: user.id, active: false })}
      />
      <ConfirmDialog
        open={asking === 'reset'}
        onOpenChange={(open) => !open && setAsking(null)}
        title={`Reset the password of ${user.fullName}?`}
        description={`${user.fullName} gets an e-mail with a temporary password and chooses their own at the next sign-in. The current password stops working and their sessions end.`}
        confirm="Reset Password"
        pendingLabel="Resetting..."
        onConfirm={() => reset.mutateAsync(user.id)}
      />
    </li>
  );
}
