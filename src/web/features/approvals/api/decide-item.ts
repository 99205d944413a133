import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { ApprovalDecision, RejectItemBody } from '@shared/api/approvals';
import { api } from '@web/lib/api';
import { invalidateKeys, ITEM_WORK_KEYS, requestKeys } from '@web/lib/request-keys';

export type RejectVars = RejectItemBody & { itemId: string };

export const approveItem = (itemId: string) => api.post<ApprovalDecision>(`/api/approvals/${itemId}/approve`);
export const rejectItem = ({ itemId, ...body }: RejectVars) => api.post<ApprovalDecision>(`/api/approvals/${itemId}/reject`, body);

/** A decision leaves the queue; an approved item joins the board and the task lists (guide/intake-and-approvals.md#the-approval-queue). */
const DECISION_KEYS = [requestKeys.approvals, ...ITEM_WORK_KEYS];

/** Approve a pending additional item; the caller's options add its feedback. */
export function useApproveItem({ onSettled, ...options }: UseMutationOptions<ApprovalDecision, Error, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: approveItem,
    onSettled: async (...args) => {
      await invalidateKeys(queryClient, DECISION_KEYS);
      await onSettled?.(...args);
    },
  });
}

/** Reject a pending additional item with a preset reason or the text of 'Other'. */
export function useRejectItem({ onSettled, ...options }: UseMutationOptions<ApprovalDecision, Error, RejectVars> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: rejectItem,
    onSettled: async (...args) => {
      await invalidateKeys(queryClient, DECISION_KEYS);
      await onSettled?.(...args);
    },
  });
}
