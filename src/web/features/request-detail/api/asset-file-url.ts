import { INLINE_DISPOSITION } from '@shared/domain/file-preview';

/**
 * The authorized file route (guide/requests.md#files-on-a-request). `inline` asks for a preview; the server grants it only
 * for images and PDFs and answers every other type as a download.
 */
export const assetFileUrl = (assetId: string, inline = false) =>
  `/api/assets/${assetId}/download${inline ? `?disposition=${INLINE_DISPOSITION}` : ''}`;
