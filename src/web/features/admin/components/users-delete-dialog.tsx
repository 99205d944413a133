import { ADMIN_USERS_MESSAGES as M, type AdminUser } from '@shared/api/admin-users';
import { Button } from '@web/components/ui/button';
import { useDeleteUser } from '../api/user-account-actions';
import { FormDialog } from './users-form-fields';

/**
 * Delete confirm (guide/administration.md#users). The server removes only a person with no requests, messages
 * or activity; for anyone else it answers why, shown as 'Failed to delete user profile: ...'.
 */
export function UsersDeleteDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const remove = useDeleteUser(onClose);
  return (
    <FormDialog open={!!user} onOpenChange={(o) => !o && onClose()} title={`Delete ${user?.fullName ?? ''}?`} description={M.deleteConfirm}>
      <div className="mt-6 flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="button" variant="destructive" disabled={remove.isPending || !user} onClick={() => user && remove.mutate(user.id)}>
          Delete
        </Button>
      </div>
    </FormDialog>
  );
}
