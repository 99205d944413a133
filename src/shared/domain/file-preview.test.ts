import { describe, expect, it } from 'vitest';
import { previewKind } from './file-preview';

describe('previewKind', () => {
  it('shows PNG and JPEG as images and PDF as a document, case-insensitively', () => {
    expect(previewKind('image/png')).toBe('image');
    expect(previewKind('IMAGE/JPEG')).toBe('image');
    expect(previewKind('application/pdf')).toBe('pdf');
  });

  it('never previews types that can carry script or that a browser cannot show', () => {
    for (const type of ['image/svg+xml', 'text/html', 'application/xhtml+xml', 'text/plain', 'application/octet-stream', '']) {
      expect(previewKind(type)).toBe('other');
    }
    expect(previewKind('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe('other');
  });
});
