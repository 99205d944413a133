import { useQueryClient, type QueryKey, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { toast } from '@web/components/ui/toast-store';
import { useSaveProblem } from './save-problem';

/**
 * What every media tab does around a save: the saving and show-field-errors states; `run(send)`
 * puts the server's answer in the cache, makes it the draft's new start and toasts `savedTitle`,
 * or reports the failure (a stale or locked Sunday becomes the banner's problem) and reloads the
 * tab's data when `refetchOnFailure` says so; `reload` is the banner's Reload: the server's copy
 * replaces the edits.
 */
export function useTabSave<S>(opts: {
  query: UseQueryResult<S>;
  queryKey: QueryKey;
  reset: (saved: S) => void;
  savedTitle: string;
  failedTitle: string;
  refetchOnFailure?: (err: unknown) => boolean;
}) {
  const { query, queryKey, reset, savedTitle, failedTitle, refetchOnFailure } = opts;
  const queryClient = useQueryClient();
  const { problem, report, clear } = useSaveProblem();
  const [saving, setSaving] = useState(false);
  const [showErrors, setShowErrors] = useState(false);

  const run = useCallback(
    async (send: () => Promise<S>): Promise<boolean> => {
      setSaving(true);
      try {
        const saved = await send();
        queryClient.setQueryData(queryKey, saved);
        reset(saved);
        setShowErrors(false);
        clear();
        toast({ title: savedTitle });
        return true;
      } catch (err) {
        report(err, failedTitle);
        if (!refetchOnFailure || refetchOnFailure(err)) void query.refetch();
        return false;
      } finally {
        setSaving(false);
      }
    },
    [clear, failedTitle, query, queryClient, queryKey, refetchOnFailure, report, reset, savedTitle],
  );

  const reload = async () => {
    const fresh = await query.refetch();
    if (fresh.data) reset(fresh.data);
    clear();
  };

  return { problem, report, clear, saving, showErrors, setShowErrors, run, reload };
}
