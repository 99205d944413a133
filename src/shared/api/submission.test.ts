import { describe, expect, it } from 'vitest';
import { submissionErrors, submissionSchema } from './submission';

const VALID = {
  eventTitle: 'Fall Festival',
  ministryId: '0b7f3c9e-8a51-4a5e-9d7b-2f1e6c3a4b5d',
  promotionStartDate: '2030-01-01',
  eventStartDate: '2030-01-22',
  descriptionShort: 'A festival.',
  tier: 'C',
  planningCenterAdded: true,
  includedChannels: ['sunday_slide'],
  additionalChannels: {},
};

describe('submissionSchema', () => {
  it('lists the spec messages of every required field in form order', () => {
    expect(submissionErrors({}).map((e) => e.message)).toEqual([
      'Title is required.',
      'Ministry is required.',
      'Promotion start date is required.',
      'Event start date is required.',
      'Short description is required.',
      'Communication tier is required.',
      'Please confirm Planning Center status.',
    ]);
  });

  it('accepts a valid submission and converts the form strings', () => {
    const out = submissionSchema.parse({
      ...VALID,
      expectedAttendance: '120',
      location: '  ',
      additionalChannels: { banner: true, other: false },
    });
    expect(out.expectedAttendance).toBe(120);
    expect(out.location).toBeNull();
    expect(out.additionalChannels).toEqual(['banner']);
    expect(out.designDirection).toBe('template');
  });

  it('limits the short description to 150 characters', () => {
    expect(submissionSchema.safeParse({ ...VALID, descriptionShort: 'x'.repeat(150) }).success).toBe(true);
    const errors = submissionErrors({ ...VALID, descriptionShort: 'x'.repeat(151) });
    expect(errors[0].field).toBe('descriptionShort');
  });

  it('needs free text for the Other channel, even while other fields are missing', () => {
    const errors = submissionErrors({ additionalChannels: { other: true }, otherChannelText: ' ' });
    expect(errors).toContainEqual({ field: 'otherChannelText', message: 'Please specify the other channel.' });
    expect(submissionSchema.safeParse({ ...VALID, additionalChannels: { other: true }, otherChannelText: 'Bulletin' }).success).toBe(true);
  });

  it('refuses a non-number attendance, a bad date and channels outside the tier', () => {
    expect(submissionErrors({ ...VALID, expectedAttendance: 'many' })[0].message).toBe('Expected attendance must be a whole number.');
    expect(submissionErrors({ ...VALID, eventStartDate: '2030-02-30' })[0].message).toBe('Enter a valid date.');
    expect(submissionErrors({ ...VALID, includedChannels: ['banner'] })[0].field).toBe('includedChannels');
  });
});
