import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ACCEPTED_FILE_EXTENSIONS, MAX_FILE_BYTES } from '@shared/domain/constants';
import { uploadWithProgress } from '@web/lib/api';
import { requestKeys } from '@web/lib/request-keys';

export type UploadedAsset = { id: string; versionNumber: number };

/** The caller's feedback: the stored version, or why it was refused (here or by the server). */
export interface UploadOptions {
  onSuccess?: (result: UploadedAsset, file: File) => void;
  onError?: (message: string | undefined) => void;
}

export const uploadAsset = (requestId: string, file: File, itemId: string | null, onProgress: (f: number) => void) => {
  const form = new FormData();
  if (itemId) form.append('itemId', itemId);
  form.append('file', file);
  return uploadWithProgress<UploadedAsset>(`/api/requests/${requestId}/assets`, form, onProgress);
};

export const ACCEPT_ATTRIBUTE = ACCEPTED_FILE_EXTENSIONS.join(',');
export const ACCEPT_HINT = `${ACCEPTED_FILE_EXTENSIONS.join(' ')}, up to 10MB`;

/** Checked here for a quick answer; the server checks again, by content too. */
export function uploadProblem(file: File): string | null {
  const name = file.name.toLowerCase();
  if (!ACCEPTED_FILE_EXTENSIONS.some((ext) => name.endsWith(ext))) {
    return 'Only .jpg, .jpeg, .png, .pdf, .docx and .xlsx files can be uploaded.';
  }
  if (file.size > MAX_FILE_BYTES) return `File too large: ${file.name} exceeds the 10MB limit.`;
  return null;
}

/**
 * Upload with progress (0..1, null when idle) and the file being sent (for its name and size).
 * Files and proofs show only in the drawer, so only the drawer reloads.
 */
export function useUploadAsset(requestId: string, { onSuccess, onError }: UploadOptions = {}) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const upload = async (file: File, itemId: string | null = null): Promise<boolean> => {
    const problem = uploadProblem(file);
    if (problem) {
      onError?.(problem);
      return false;
    }
    setFile(file);
    setProgress(0);
    try {
      const res = await uploadAsset(requestId, file, itemId, setProgress);
      onSuccess?.(res, file);
      await queryClient.invalidateQueries({ queryKey: requestKeys.detail(requestId) });
      return true;
    } catch (err) {
      onError?.(err instanceof Error ? err.message : undefined);
      return false;
    } finally {
      setProgress(null);
      setFile(null);
    }
  };
  return { upload, progress, file, uploading: progress !== null };
}
