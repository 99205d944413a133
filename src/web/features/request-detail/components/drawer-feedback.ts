import { DRAWER_MESSAGES, successToast } from '@shared/api/request-detail';
import { toast } from '@web/components/ui/toast-store';

/**
 * The drawer's toasts for one action (guide/requests.md#the-request-drawer): '{action} successful!', or 'Update
 * failed' ('Creation failed' for new rows) with the server's reason; `then` runs after a success.
 */
export function drawerFeedback<TResult = unknown>(
  action: string,
  { failure = DRAWER_MESSAGES.updateFailed, then }: { failure?: string; then?: (result: TResult) => void } = {},
) {
  return {
    onSuccess: (result: TResult) => {
      toast({ title: successToast(action) });
      then?.(result);
    },
    onError: (err: Error) => toast({ title: failure, description: err.message, variant: 'destructive' }),
  };
}

/** An upload's toasts: 'Upload successful!' naming the file and its version, or 'Upload failed' with why. */
export const uploadFeedback = {
  onSuccess: (result: { versionNumber: number }, file: File) =>
    toast({ title: successToast('Upload'), description: `${file.name} (version ${result.versionNumber})` }),
  onError: (message: string | undefined) => toast({ title: 'Upload failed', description: message, variant: 'destructive' }),
};
