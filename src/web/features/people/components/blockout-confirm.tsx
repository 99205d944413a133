import { BLOCKED_OUT_CODE } from '@shared/domain/people-on-sundays';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { ApiError } from '@web/lib/api';

/** The server refused an assignment because its person is blocked out that day (409 blocked_out). */
export const isBlockedOut = (err: unknown): err is ApiError => err instanceof ApiError && err.code === BLOCKED_OUT_CODE;

/**
 * The question after such a refusal (guide/sunday-planning.md#blockout-dates): the server's
 * sentence, Cancel, or Assign anyway, which sends the same assignment again as confirmed.
 */
export function BlockoutConfirm({
  message,
  onConfirm,
  onCancel,
}: {
  /** The refusal's message; the dialog is open while there is one. */
  message: string | null;
  onConfirm: () => void | Promise<unknown>;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      open={message !== null}
      title="Blocked out that day"
      description={message ?? ''}
      confirm="Assign anyway"
      onOpenChange={(open) => !open && onCancel()}
      onConfirm={onConfirm}
    />
  );
}
