import type { PlanningFile } from '@shared/api/sunday-media';
import { uploadWithProgress } from '@web/lib/api';

/** Uploads one social asset (image or video) for the Sunday, reporting progress from 0 to 1. */
export function uploadSocialAsset(sundayDate: string, file: File, onProgress: (fraction: number) => void) {
  const form = new FormData();
  form.append('file', file);
  return uploadWithProgress<PlanningFile>(`/api/sundays/${sundayDate}/files?kind=social`, form, onProgress);
}
