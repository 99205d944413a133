import { useQueryClient, type QueryKey, type UseQueryResult } from '@tanstack/react-query';
import { createElement, useCallback, useState } from 'react';
import { toast } from '@web/components/ui/toast-store';
import { BlockoutConfirm, isBlockedOut } from '@web/features/people';
import { useSaveProblem } from './save-problem';

/**
 * What every media tab does around a save: the saving and show-field-errors states; `run(send)`
 * puts the server's answer in the cache, makes it the draft's new start and toasts `savedTitle`,
 * or reports the failure (a stale or locked Sunday becomes the banner's problem) and reloads the
 * tab's data when `refetchOnFailure` says so; `reload` is the banner's Reload: the server's copy
 * replaces the edits. A save refused because someone it newly assigns is blocked out that Sunday
 * asks the coordinator (`blockoutDialog`, guide/sunday-planning.md#blockout-dates): Assign anyway
 * sends the same save again with `confirmBlockout`, Cancel keeps the edits unsaved.
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
  const [blockedOut, setBlockedOut] = useState<{ message: string; send: Send<S> } | null>(null);

  const run = useCallback(
    async (send: Send<S>, confirmBlockout = false): Promise<boolean> => {
      setSaving(true);
      try {
        const saved = await send(confirmBlockout);
        queryClient.setQueryData(queryKey, saved);
        reset(saved);
        setShowErrors(false);
        clear();
        toast({ title: savedTitle });
        return true;
      } catch (err) {
        if (isBlockedOut(err)) {
          setBlockedOut({ message: err.message, send });
          return false;
        }
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

  const blockoutDialog = createElement(BlockoutConfirm, {
    message: blockedOut?.message ?? null,
    onCancel: () => setBlockedOut(null),
    onConfirm: async () => {
      const again = blockedOut!.send;
      setBlockedOut(null);
      await run(again, true);
    },
  });

  return { problem, report, clear, saving, showErrors, setShowErrors, run, reload, blockoutDialog };
}

/** One save of a tab; `confirmBlockout` is set when the coordinator has said Assign anyway. */
type Send<S> = (confirmBlockout: boolean) => Promise<S>;
