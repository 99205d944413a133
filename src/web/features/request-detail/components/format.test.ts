import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from './format';

/** The drawer's moments (activity, messages, assets, proofs) read in the reader's locale. */
describe("the drawer's moments", () => {
  afterEach(() => vi.unstubAllGlobals());
  const at = '2030-01-01T18:05:00Z';

  it('follow a 12-hour locale', () => {
    vi.stubGlobal('navigator', { language: 'en-US', languages: ['en-US'] });
    expect(formatDateTime(at)).toMatch(/\d{1,2}:05 (AM|PM)$/);
  });

  it('follow a 24-hour locale', () => {
    vi.stubGlobal('navigator', { language: 'en-GB', languages: ['en-GB'] });
    expect(formatDateTime(at)).toMatch(/\b\d{2}:05$/);
    expect(formatDateTime(at)).not.toMatch(/AM|PM/);
  });
});
