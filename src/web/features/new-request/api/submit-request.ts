import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubmissionResponse } from '@shared/api/submission';
import { uploadWithProgress } from '@web/lib/api';
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

export function useSubmitRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['requests'] }),
  });
}
