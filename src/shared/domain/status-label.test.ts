import { describe, expect, it } from 'vitest';
import { SOCIAL_STATUSES } from './planning';
import { REQUEST_STATUSES, statusLabel } from './statuses';

describe('status labels', () => {
  it('spell the called-off status one way, as social posts do, whatever the stored value', () => {
    expect(statusLabel('cancelled')).toBe('Canceled');
    expect(SOCIAL_STATUSES).toContain(statusLabel('cancelled'));
    expect(REQUEST_STATUSES.map(statusLabel).filter((l) => /cancel/i.test(l))).toEqual(['Canceled']);
  });

  it('title-case the other stored values', () => {
    expect(statusLabel('in_production')).toBe('In Production');
    expect(statusLabel('proof_ready')).toBe('Proof Ready');
  });
});
