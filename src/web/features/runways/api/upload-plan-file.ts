import type { PlanningFileUpload } from '@shared/api/sundays';
import { uploadWithProgress } from '@web/lib/api';

/** Uploads a plan task's file (multipart field `file`); the server checks it and answers its authorized link. */
export function uploadPlanFile(date: string, file: File, onProgress: (fraction: number) => void) {
  const form = new FormData();
  form.append('file', file);
  return uploadWithProgress<PlanningFileUpload>(`/api/sundays/${date}/files?kind=plan`, form, onProgress);
}
