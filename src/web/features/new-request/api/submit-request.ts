import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { SubmissionResponse } from '@shared/api/submission';
import { uploadWithProgress } from '@web/lib/api';
import { invalidateKeys, requestKeys } from '@web/lib/request-keys';
import type { FormValues } from '../lib/form-values';

export interface SubmitInput {
  values: FormValues;
  files: File[];
  /** One key per form content: a retry of the same content makes no second request. */
  idempotencyKey: string;
  onProgress: (fraction: number) => void;
}

/** POST /api/requests: the submission as a JSON field plus the files, with upload progress. */
export function submitRequest(input: SubmitInput): Promise<SubmissionResponse | null> {
  const form = new FormData();
  form.append('request', JSON.stringify(input.values));
  for (const file of input.files) form.append('files', file, file.name);
  return uploadWithProgress<SubmissionResponse | null>('/api/requests', form, input.onProgress, {
    'Idempotency-Key': input.idempotencyKey,
  });
}

/**
 * Where a new request shows: My Requests, the Intake Queue, the board (its items start in
 * Submitted), the approvals queue (additional channels), the calendar and event promotions.
 */
const NEW_REQUEST_KEYS = [
  requestKeys.mine,
  requestKeys.intake,
  requestKeys.board,
  requestKeys.approvals,
  requestKeys.calendar,
  requestKeys.eventPromotions,
];

export function useSubmitRequest({ onSuccess, ...options }: UseMutationOptions<SubmissionResponse | null, Error, SubmitInput> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: submitRequest,
    onSuccess: async (...args) => {
      await invalidateKeys(queryClient, NEW_REQUEST_KEYS);
      await onSuccess?.(...args);
    },
  });
}
