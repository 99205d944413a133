/**
 * Which stored files a browser may show in place (proof review). The stored type comes
 * from content sniffing at upload, never from the browser, so it can be trusted to pick the kind.
 * Only these types are ever served inline; everything else (Office files, and any type added later
 * such as HTML or SVG, which can carry script) stays an attachment.
 */
export type PreviewKind = 'image' | 'pdf' | 'other';

const KINDS: Record<string, PreviewKind> = {
  'image/png': 'image',
  'image/jpeg': 'image',
  'application/pdf': 'pdf',
};

export function previewKind(contentType: string): PreviewKind {
  return KINDS[contentType.toLowerCase()] ?? 'other';
}

/** The query value that asks the file route to answer inline (for <img> and the PDF viewer). */
export const INLINE_DISPOSITION = 'inline' as const;
