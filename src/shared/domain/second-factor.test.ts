import { describe, expect, it } from 'vitest';
import { ROLES } from './roles';
import { secondStepOf } from './second-factor';

describe('secondStepOf', () => {
  it('a person with a factor owes a code until the session is at aal2, whatever the setting', () => {
    for (const role of ROLES) {
      for (const requiredForStaff of [false, true]) {
        expect(secondStepOf({ aal: 'aal1', enrolled: true, role, requiredForStaff })).toBe('verify');
        expect(secondStepOf({ aal: 'aal2', enrolled: true, role, requiredForStaff })).toBeNull();
      }
    }
  });

  it('without a factor, only admins and coordinators are sent to enroll, and only when the setting is on', () => {
    for (const role of ROLES) {
      const expected = role === 'admin' || role === 'coordinator' ? 'enroll' : null;
      expect(secondStepOf({ aal: 'aal1', enrolled: false, role, requiredForStaff: true })).toBe(expected);
      expect(secondStepOf({ aal: 'aal1', enrolled: false, role, requiredForStaff: false })).toBeNull();
    }
  });
});
