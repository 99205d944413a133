import type { AdminUser } from '@shared/api/admin-users';
import { Button } from '@web/components/ui/button';
import { useResetSecondFactor } from '../api/reset-second-factor';
import { FormDialog } from './users-form-fields';

/** Confirms resetting a person's two-step verification: logged, and their sessions end. */
export function UsersSecondFactorDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const reset = useResetSecondFactor(onClose);
  return (
    <FormDialog
      open={!!user}
      onOpenChange={(o) => !o && onClose()}
      title={`Reset two-step verification of ${user?.fullName ?? ''}?`}
      description="Their authenticator app and recovery codes stop working and they are signed out everywhere. They sign in with their password and can set it up again."
    >
      <div className="mt-6 flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="button" variant="destructive" disabled={reset.isPending || !user} onClick={() => user && reset.mutate(user.id)}>
          Reset
        </Button>
      </div>
    </FormDialog>
  );
}
