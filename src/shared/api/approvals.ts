import { z } from 'zod';

/** API contract of the approval queue (guide/intake-and-approvals.md#the-approval-queue). */
export const APPROVAL_LIST_LIMIT = 500;

export const REJECTION_REASONS = [
  'Too many concurrent promotions - scheduling conflict',
  'This promotional channel is not included in your tier',
  'Insufficient lead time for this type of promotion',
  'Budget constraints for this request',
  'Does not align with church communication priorities',
] as const;
export const OTHER_REASON = 'Other';
export const REJECTION_TEXT_MAX = 1000;

export const APPROVAL_MESSAGES = {
  approved: 'Item approved',
  rejected: 'Item rejected',
  fetchFailed: 'Error fetching approvals',
  approveFailed: 'Failed to approve item',
  rejectFailed: 'Failed to reject item',
  empty: 'No additional items are waiting for approval.',
  reasonRequired: 'Please choose a reason.',
  otherTextRequired: 'Please describe the reason for rejecting.',
  notPending: 'This item is no longer waiting for approval.',
} as const;

export const approvalItemParams = z.object({ itemId: z.uuid() });

export const approvalItemSchema = z.object({
  id: z.string(),
  requestId: z.string(),
  eventTitle: z.string(),
  ministryName: z.string().nullable(),
  requesterName: z.string(),
  channel: z.string(),
  tier: z.string().nullable(),
  dueDate: z.string().nullable(),
  submittedAt: z.string(),
  /** The reason the rejection dialog pre-selects: a passed due date, or a week over capacity (decision 0067). */
  suggestedReason: z.string().nullable(),
});
export type ApprovalItem = z.infer<typeof approvalItemSchema>;
export const approvalListResponse = z.object({ items: z.array(approvalItemSchema), truncated: z.boolean() });
export type ApprovalList = z.infer<typeof approvalListResponse>;

/**
 * A rejection needs a chosen reason; 'Other' needs text that is non-empty after trimming. The same
 * schema checks the dialog's form and the API body.
 */
export const rejectItemBody = z
  .object({
    reason: z.string({ error: APPROVAL_MESSAGES.reasonRequired }),
    otherText: z.string().max(REJECTION_TEXT_MAX).optional(),
  })
  .superRefine((body, ctx) => {
    const known = (REJECTION_REASONS as readonly string[]).includes(body.reason) || body.reason === OTHER_REASON;
    if (!known) ctx.addIssue({ code: 'custom', path: ['reason'], message: APPROVAL_MESSAGES.reasonRequired });
    if (body.reason === OTHER_REASON && !body.otherText?.trim()) {
      ctx.addIssue({ code: 'custom', path: ['otherText'], message: APPROVAL_MESSAGES.otherTextRequired });
    }
  });
export type RejectItemBody = z.infer<typeof rejectItemBody>;

/** The rejection_reason stored: the preset text, or the trimmed text of 'Other'. */
export function rejectionReasonText(body: RejectItemBody): string {
  return body.reason === OTHER_REASON ? (body.otherText ?? '').trim() : body.reason;
}

export const approvalDecisionResponse = z.object({
  id: z.string(),
  additionalRequestStatus: z.enum(['approved', 'rejected']),
  rejectionReason: z.string().nullable(),
});
export type ApprovalDecision = z.infer<typeof approvalDecisionResponse>;
