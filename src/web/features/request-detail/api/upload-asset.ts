import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ACCEPTED_FILE_EXTENSIONS, MAX_FILE_BYTES } from '@shared/domain/constants';
import { successToast } from '@shared/api/request-detail';
import { toast } from '@web/components/ui/toaster';
import { uploadWithProgress } from '@web/lib/api';

export const uploadAsset = (requestId: string, file: File, itemId: string | null, onProgress: (f: number) => void) => {
  const form = new FormData();
  if (itemId) form.append('itemId', itemId);
  form.append('file', file);
  return uploadWithProgress<{ id: string; versionNumber: number }>(`/api/requests/${requestId}/assets`, form, onProgress);
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
 * Upload with progress (0..1, null when idle) and the file being sent (for its name and size);
 * spec 001 section 8 'Upload failed' with the server's message.
 */
export function useUploadAsset(requestId: string) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const upload = async (file: File, itemId: string | null = null): Promise<boolean> => {
    const problem = uploadProblem(file);
    if (problem) {
      toast({ title: 'Upload failed', description: problem, variant: 'destructive' });
      return false;
    }
    setFile(file);
    setProgress(0);
    try {
      const res = await uploadAsset(requestId, file, itemId, setProgress);
      toast({ title: successToast('Upload'), description: `${file.name} (version ${res.versionNumber})` });
      await queryClient.invalidateQueries({ queryKey: ['requests'] });
      return true;
    } catch (err) {
      toast({ title: 'Upload failed', description: err instanceof Error ? err.message : undefined, variant: 'destructive' });
      return false;
    } finally {
      setProgress(null);
      setFile(null);
    }
  };
  return { upload, progress, file, uploading: progress !== null };
}
